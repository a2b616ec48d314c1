// Part 4's sentences as the reader gets them (the rendered page: prose, exercises' questions and worked solutions,
// cards), against the papers they cite (issue 35's errors of fact, each checked in its source: the sources are
// named in the issue's report and in the prose beside each claim). The text is read after rendering: each
// formula is read back as its TeX, tags are dropped, entities decoded.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cardProps, exercisePropsByNumber, renderChapter } from '../../web/plugins/content.js';
import { parseClaim } from '../../web/src/experiment/live-cells.js';

const contentDir = fileURLToPath(new URL('../../content', import.meta.url));
const sections = renderChapter(contentDir);
const exercises = exercisePropsByNumber(sections);
const cards = cardProps(sections);

/** Rendered HTML → the text a reader reads, math as $TeX$. */
export function renderedText(html) {
  return html
    .replace(/<span class="math-display">(<math[\s>][\s\S]*?<\/math>)<\/span>/g, '$1')
    .replace(/<math[\s>][\s\S]*?<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation><\/semantics><\/math>/g, ' $$$1$$ ')
    .replace(/<span class="tex-live"[^>]*data-tex="([^"]*)"[^>]*>[\s\S]*?<\/span>(?=\s|[.,;:)]|$)/g, ' $$$1$$ ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\u200b/g, '') // zero-width spaces
    .replace(/[‘’]/g, "'") // the typographer's quotes, read as the source's
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:?)])/g, '$1') // (a space left where a tag closed before the punctuation)
    .trim();
}

const htmlOf = (file) => sections.find((s) => s.file === file).html;
const part4 = renderedText(htmlOf('26-field-did-next.md'));
const oneByOne = renderedText(htmlOf('27-wirings-one-by-one.md'));
const exercise = (n) => {
  const p = exercises[n];
  const parts = p.parts.map((q) => [q.label, ...q.options.map((o) => o.html), q.model].join(' ')).join(' ');
  return {
    title: p.title,
    question: renderedText(sections.find((s) => Number(s.meta.exercise) === n).text.question),
    parts: renderedText(parts),
    solution: renderedText(p.solution),
    hints: renderedText(p.hints.join(' ')),
    mistakes: Object.fromEntries(Object.entries(p.mistakes).map(([k, v]) => [k, renderedText(v)])),
  };
};
const cardText = (front) => {
  const card = cards.cloze.find((c) => renderedText(c.front).startsWith(front));
  expect(card, front).toBeDefined();
  return renderedText(card.back);
};

describe('Part 4, errors of fact fixed (issue 35)', () => {
  it("1. ReZero: the undefined ratio is the Linear-only one; the article's is defined, and its spread over seeds is computed", () => {
    expect(oneByOne).not.toMatch(/article ratio is the first number the table cannot give/);
    expect(exercise(21).title).not.toMatch(/article ratio is undefined/);
    expect(oneByOne).toMatch(/the ratio over the Linear layers only is \$0\/0\$/);
    expect(oneByOne).toMatch(/The article's ratio, over all parameters, is defined/);
    // the range over the seeds is two cells the table computes, not typed numbers
    const rezero = htmlOf('27-wirings-one-by-one.md');
    for (const col of ['all-min', 'all-max']) expect(rezero).toContain(`data-row="rezero|24" data-col="${col}"`);
    expect(exercise(21).solution).toMatch(/The article's ratio, over all parameters, is defined/);
  });

  it("2. not every wiring was proposed against a failure the chapter measures; ReZero's aim is cited", () => {
    expect(part4).not.toMatch(/each of those ways was put forward as a cure/i);
    expect(part4).toMatch(/RMSNorm, was proposed to make the norm cheaper, not against a failure/);
    expect(part4).toMatch(/None of them is about the collapse of a stack without residual connections/);
    expect(oneByOne).toMatch(
      /first Transformers over 100 blocks deep trained without warmup or LayerNorm[^.]*\(Bachlechner et al\., "ReZero is All You Need: Fast Convergence at Large Depth", 2020\)/,
    );
  });

  it("3. DeepNet's 1,000 layers were an encoder–decoder with constants of their own, wherever they appear", () => {
    const texts = { prose: oneByOne, 'exercise 19': `${exercise(19).question} ${exercise(19).solution}`, card: cardText("DeepNorm's two constants") };
    for (const [where, text] of Object.entries(texts)) {
      expect(text, where).toMatch(/encoder–decoder/);
      expect(text, where).toMatch(/single stack/);
    }
    for (const text of [oneByOne, exercise(19).solution]) {
      expect(text).toMatch(/500 blocks on each side/);
      expect(text).toContain('$\\alpha = 0.81\\,(N^4 M)^{1/16}$');
      expect(text).toContain('$\\alpha = (3M)^{1/4}$');
    }
  });

  it("4. which initialisation the page follows: the library's division (weights and biases), not the paper's Xavier gain", () => {
    expect(oneByOne).toMatch(/The paper draws those four matrices from a Xavier normal distribution with gain \$\\kappa\$/);
    expect(oneByOne).toMatch(/torchscale, instead divides every parameter of those four, weights and biases[^.]*this page does as the library does/);
    expect(exercise(19).solution).toMatch(/Xavier normal with gain \$\\kappa\$/);
  });

  it('5. Peri-LN: what the page measures (a variance growing linearly, faster than Pre-LN\'s), not "the opposite of what it is meant to do"', () => {
    expect(oneByOne).not.toMatch(/opposite of what it is meant to do/);
    expect(oneByOne).toContain('$\\sqrt{(2L+1)/3}$');
    expect(oneByOne).toMatch(/variance grows by about 1 per sublayer, linearly in the depth/);
    expect(oneByOne).toMatch(/That is what the page measures: the stream before any update/);
    expect(oneByOne).toMatch(/massive activations/);
  });

  it("6. Xiong et al. argue; Liu et al.'s central finding is stated; large Pre-LN models still warm up", () => {
    const both = `${part4} ${oneByOne}`;
    expect(both).not.toMatch(/was worked out by Xiong/);
    expect(part4).toMatch(/Xiong et al\. argue that[^.]*\("On Layer Normalization in the Transformer Architecture", ICML 2020\)/);
    expect(part4).toMatch(
      /Liu et al\. find that unbalanced gradients are not the root cause of Post-LN's instability[^.]*amplifies small changes of the parameters into large changes of the output \("Understanding the Difficulty of Training Transformers", EMNLP 2020\)/,
    );
    expect(part4).toMatch(/trained with 2,000 warmup steps \(Touvron et al\., "LLaMA: Open and Efficient Foundation Language Models", 2023\)/);
  });

  it("7. ε under the root is LLaMA's form, used here, not a rule", () => {
    const note = exercise(18).mistakes['eps-outside-root'];
    expect(note).not.toMatch(/It belongs under it/);
    expect(note).toMatch(/In LLaMA's form of RMSNorm, the one this page uses, it sits under the root/);
    expect(note).toMatch(/The RMSNorm authors' own code adds it after the root/);
    expect(exercise(18).hints).toMatch(/LLaMA's form, used here/);
    expect(cardText("RMSNorm (LLaMA's norm)")).toMatch(/in LLaMA's form/);
  });

  it('8. RMSNorm saves d subtractions and the shift, not "one subtraction per token"', () => {
    const solution = exercise(18).solution;
    expect(solution).not.toMatch(/one subtraction/);
    expect(solution).toMatch(/none of LayerNorm's \$d\$ subtractions of it \(one per feature\) and no shift \$\\beta\$ to add/);
  });

  it("9. LayerScale's gates are not tiny up to 18 blocks; 19 to 23 blocks are the page's own choice", () => {
    const texts = [oneByOne, cardText('LayerScale multiplies')];
    for (const text of texts) {
      expect(text).not.toMatch(/start just above zero|starts tiny|tiny gates/);
      expect(text).toMatch(/19 (to|and) 23 blocks/);
    }
    expect(oneByOne).toMatch(/the paper gives no value between 19 and 23 blocks, where this page uses \$10\^\{-5\}\$, its own choice/);
    expect(oneByOne).toMatch(/Up to 18 blocks the gates start at a tenth/);
  });

  it("10. attention can shrink a value: the branch's size is bounded by Wv and Wo, not set by them", () => {
    const { parts, solution } = exercise(19);
    expect(`${parts} ${solution}`).not.toMatch(/is set by \$W_v\$|size is therefore set by/);
    expect(parts).toMatch(/the size of the branch's output is bounded by \$W_v\$, \$W_o\$, \$W_1\$ and \$W_2\$/);
    expect(solution).toMatch(/bounded by \$W_v\$ and \$W_o\$/);
  });

  it('11. exercise 20 asks its prediction for its own L, and its solution reads for one Post-LN block', () => {
    const { parts, solution, question } = exercise(20);
    expect(parts).not.toMatch(/at 24 blocks/);
    expect(parts).toContain('$L = {{L}}$ blocks');
    expect(question).toMatch(/A stack needs \$L \\ge 4\$/);
    expect(solution).not.toMatch(/numbers \$1\$ to/);
    expect(solution).toMatch(/the number of Post-LN blocks is \$\{\{post-blocks\}\}\$, and block \$\{\{post-blocks\}\}\$ is the last of them/);
  });

  it("13. every comparison of Part 4's live numbers is a claim the page checks, at the setting it names", () => {
    const html = htmlOf('27-wirings-one-by-one.md');
    const claims = [...html.matchAll(/<span class="live-claim" data-source="table-placements" data-claim="([^"]+)">([\s\S]*?)<\/span>(?!<\/span>)/g)];
    expect(claims.length).toBeGreaterThanOrEqual(5);
    for (const [, claim, inner] of claims) {
      const comparisons = parseClaim(claim);
      for (const { left, right } of comparisons) {
        for (const side of [left, right].filter((s) => s.row)) {
          // every cell the claim compares is one the sentence shows, at the depth it names
          expect(inner, claim).toContain(`data-row="${side.row}" data-col="${side.col}"`);
          expect(side.row.endsWith('|24'), claim).toBe(true);
        }
      }
      expect(renderedText(inner), claim).toMatch(/24 blocks|within a tenth/);
    }
    // outside the claims, no sentence sets two of the table's cells against each other
    const outside = renderedText(html.replace(/<span class="live-claim"[\s\S]*?<\/span>(?!<\/span>)/g, ' CLAIM '));
    for (const sentence of outside.split(/(?<=\.) /)) {
      const cells = sentence.match(/\(computed in the table\)/g) ?? [];
      if (cells.length >= 2) expect(sentence).not.toMatch(/\b(against|further from|than|where Pre-LN)\b/);
    }
    // and the opening says sentences name their settings
    expect(oneByOne).toMatch(/at 24 blocks and over the table's seeds/);
    expect(oneByOne).toMatch(/if your settings make it false, it says so in a note beside it/);
  });
});

describe('Part 4, notation (issue 35)', () => {
  it("β is LayerNorm's shift only: DeepNorm's scale is κ; g is RMSNorm's gain only: the incoming gradient is ȳ", () => {
    const deepnorm = [oneByOne, exercise(19).question, exercise(19).parts, exercise(19).solution, cardText("DeepNorm's two constants")].join(' ');
    expect(deepnorm).not.toMatch(/\$\\beta = \(8L\)\^\{-1\/4\}\$|\$\\beta\^\{-1\} = \(8L\)\^\{1\/4\}\$/);
    expect(deepnorm).toContain('$\\kappa = (8L)^{-1/4}$');
    const rezero = [exercise(21).question, exercise(21).hints, exercise(21).solution, ...Object.values(exercise(21).mistakes)].join(' ');
    expect(rezero).not.toMatch(/\$g\s*=\s*\\partial|g\\,x\^\\top|g\^\\top/);
    expect(rezero).toContain('$\\bar y = \\partial \\mathcal{L}/\\partial y = {{g}}$');
  });

  it('"gate" is defined before Part 4 first uses it', () => {
    const text = `${part4} ${oneByOne}`;
    const defined = text.search(/by a gate: a learnable number/);
    expect(defined).toBeGreaterThan(-1);
    expect(text.search(/\bgates?\b/)).toBe(defined + 'by a '.length);
  });
});

describe('smaller defects found while revising (issue 35)', () => {
  it("the exercises' guide says a next hint needs another attempt", () => {
    const guide = renderedText(htmlOf('30-exercises.md'));
    expect(guide).toMatch(/Hints open one at a time: the first whenever you like, each next one after another attempt/);
  });

  it("exercise 18 compares with the LayerNorm of its own vector, not with exercise 4's (their numbers may differ)", () => {
    expect(exercise(18).question).not.toMatch(/exercise 4's LayerNorm of the same vector/);
    expect(exercise(18).question).toMatch(/compare it with the LayerNorm of the same vector, as exercise 4 computes it/);
  });
});

describe('what a student needs at a glance (issue 35)', () => {
  it("Part 4 opens with #part4-summary: per wiring, what it was for, its paper's claim (cited), and three computed cells", () => {
    const html = htmlOf('26-field-did-next.md');
    const table = /<div id="part4-summary"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    const rows = [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].slice(1).map((m) => m[1]);
    expect(rows).toHaveLength(9);
    const wirings = ['post', 'pre', 'nores', 'prerms', 'peri', 'deepnorm', 'rezero', 'layerscale', 'mixln'];
    rows.forEach((row, k) => {
      for (const col of ['input', 'sd-factor', 'lab'])
        expect(row, `${wirings[k]} ${col}`).toContain(`data-source="part4-summary-runs" data-row="${wirings[k]}" data-col="${col}"`);
      if (wirings[k] !== 'nores') expect(renderedText(row), wirings[k]).toMatch(/\([A-Z][^()]*, "[^"]+", \d{4}\)/); // (authors, "title", year)
    });
    expect(html).toContain('data-widget="part4-summary"');
    // the page's part, not a paper's, is said so: the claims are the papers', the numbers this page's
    expect(part4).toMatch(/what its paper claims/);
  });

  it('the gradient-profile figure of Part 4 has its caption and a sentence that says how to read it', () => {
    const figure = sections.flatMap((s) => s.widgets).find((w) => w.id === 'figure-placements-profile');
    expect(figure.props.caption).toMatch(/one line per wiring in its colour, on a logarithmic axis/);
    expect(oneByOne).toMatch(/The figure draws what the table's ratios compress into one number: the whole profile of one stack/);
  });
});

describe('Part 4, the three newer wirings (issue 34): cited, their two lines of code, numbers from the table', () => {
  const html = htmlOf('28-three-newer-wirings.md');
  const text = renderedText(html);

  it.each([
    ['outnorm', /Team OLMo, "2 OLMo 2 Furious", arXiv:2501\.00656, 2024/, /x = x \+ RMS\(Attn\(x\)\); x = x \+ RMS\(FFN\(x\)\)/],
    [
      'depthscaled',
      /"Tensor Programs VI: Feature Learning in Infinite-Depth Neural Networks", arXiv:2310\.02244, 2023/,
      /x = x \+ Attn\(LN\(x\)\) \/ sqrt\(2L\)/,
    ],
    ['lnscaling', /"The Curse of Depth in Large Language Models", arXiv:2502\.05795, 2025/, /x = x \+ Attn\(LN\(x\) \/ sqrt\(i\)\)/],
  ])('%s: its paper cited, its code shown, its numbers the table’s cells at 24 blocks', (wiring, citation, code) => {
    expect(text).toMatch(citation);
    expect(text).toMatch(code);
    // every number of the section is a cell of the table the reader's browser computes
    expect(html).toContain(`data-row="${wiring}|24"`);
  });

  it('states no comparison of two cells: it gives each row’s numbers at the setting it names', () => {
    for (const sentence of text.split(/(?<=\.) /)) {
      const cells = sentence.match(/\(computed in the table\)/g) ?? [];
      if (cells.length >= 2) expect(sentence).not.toMatch(/\b(against|further from|than|where Pre-LN|where Peri-LN)\b/);
      if (cells.length) expect(sentence, sentence).toMatch(/24 blocks/);
    }
  });
});

describe('Part 4, third edition (issue 50): a referee’s corrections, each checked in its source', () => {
  const newer = renderedText(htmlOf('28-three-newer-wirings.md'));
  const summary = (wiring) => {
    const table = /<div id="part4-summary"[^>]*>([\s\S]*?)<\/div>/.exec(htmlOf('26-field-did-next.md'))?.[1] ?? '';
    const row = [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => m[1]).find((r) => r.includes(`data-row="${wiring}"`));
    return renderedText(row ?? '');
  };

  it('1. DeepNet claims stable, bounded updates; training without warmup is this page’s test, and its library warms up', () => {
    const both = `${part4} ${oneByOne}`;
    expect(both).not.toMatch(/stalling without warmup|answers the failure of Part 3|instability without warmup/);
    expect(oneByOne).toMatch(/What the paper claims for DeepNorm is stable training: its analysis bounds the size of the model's update/);
    expect(oneByOne).toMatch(/torchscale, still warms up: its example of pre-training with DeepNorm raises the learning rate over 10,000 warmup updates/);
    expect(oneByOne).toMatch(/Training DeepNorm without warmup is this page's own test/);
    expect(summary('deepnorm')).toMatch(/no warmup is this page's test/);
  });

  it('2. the warmup card agrees with Xiong et al. and with the lab it links', () => {
    const back = cardText('Does Pre-LN remove the need for warmup?');
    expect(back).not.toMatch(/^No\b/);
    expect(back).toMatch(/Xiong et al\. train Pre-LN Transformers without warmup[^.]*"On Layer Normalization in the Transformer Architecture", 2020/);
    expect(back).toMatch(/in the lab, at 24 blocks, Pre-LN trains without warmup where Post-LN stalls/);
    expect(back).toMatch(/Large Pre-LN models may still warm up \(see the start of Part 4\)/);
  });

  it("3. β is LayerNorm's shift only: DeepNorm's divisor is 1/κ in the design challenges and the builder", () => {
    for (const n of [22, 23]) {
      const { question, hints, solution } = exercise(n);
      const text = `${question} ${hints} ${solution}`;
      expect(text, `exercise ${n}`).not.toMatch(/\$\\beta = \(8L\)\^\{1\/4\}\$|divided by β|\(β\)|α and β/);
      expect(text, `exercise ${n}`).toMatch(/1\/\\kappa/);
    }
    expect(exercise(22).solution).toContain('$1/\\kappa = (8L)^{1/4}$');
    expect(exercise(23).solution).toContain('$1/\\kappa = (8L)^{1/4}$');
  });

  it('4. the depth-scaled row: only Wo, bo, W2, b2 differ from Table D’s; the scaled initialisations it equals are cited', () => {
    expect(newer).not.toMatch(/the weights' own gradients differ/);
    expect(newer).toMatch(/every parameter's gradient but those of W ?o, b ?o, W ?2 and b ?2, which are 1\/√\(2 ?L\) times Table D's/);
    expect(newer).toMatch(/Shoeybi et al\., "Megatron-LM: Training Multi-Billion Parameter Language Models Using Model Parallelism", 2019/);
    expect(newer).toMatch(
      /GPT-2 scales the weights of residual layers at initialisation by 1\/√ ?N, N their number[^.]*\(Radford et al\., "Language Models are Unsupervised Multitask Learners", 2019\)/,
    );
    expect(newer).toMatch(/OLMo's models do not use the rule/);
  });

  it('5. of the two columns at initialisation, one is a gradient ratio and the other the stream’s spread', () => {
    expect(part4).not.toMatch(/The two gradient columns are ratios/);
    expect(part4).toMatch(/the first is a ratio of gradients, block 1's over block 24's/);
    expect(part4).toMatch(/The second is no gradient: it is the stream's spread after block 24 over its spread after block 1/);
  });

  it('6. Pre-LN predates Xiong et al.: GPT-2 is cited for it, Xiong et al. for their analysis', () => {
    const pre = summary('pre');
    expect(pre).toMatch(/in use before Xiong et al\. analysed it \(GPT-2\)/);
    expect(pre).toMatch(/\(Radford et al\., "Language Models are Unsupervised Multitask Learners", 2019\)/);
    expect(pre).toMatch(/\(Xiong et al\., "On Layer Normalization in the Transformer Architecture", 2020\)/);
  });

  it("7. exercise 22 sends the reader to Part 1 for the stream's growth", () => {
    expect(exercise(22).question).toMatch(/Pre-LN's stream grows with depth \(Part 1\)/);
  });

  it('8. the three newer designs: published from 2023 to 2025, and OLMo 2’s changes three settings', () => {
    expect(newer).not.toMatch(/last two years|one thing each/);
    expect(newer).toMatch(/designs published from 2023 to 2025/);
    expect(newer).toMatch(/one setting of it for each of the two scaled rows and three for OLMo 2's/);
  });

  it('9. Depth-μP as its abstract states it: the unique optimum for one-layer blocks, limits for deeper ones', () => {
    expect(newer).toMatch(/For blocks of a single layer they find one optimal choice, Depth-μP/);
    expect(newer).toMatch(/maximises feature learning and feature diversity/);
    expect(newer).toMatch(/fundamental limitations in every possible infinite-depth limit/);
  });

  it('10. no repository path in what the reader reads', () => {
    const path = /\btests\/|\.(cpp|hpp|py)\b|\bwasm\/src/;
    for (const s of sections) expect(renderedText(s.html), s.file).not.toMatch(path);
    for (const [n, p] of Object.entries(exercises)) {
      expect(renderedText([p.solution, ...p.hints, ...Object.values(p.mistakes)].join(' ')), `exercise ${n}`).not.toMatch(path);
    }
  });
  it('11. the no-residual row names the depth of the collapse it cites: the article’s 96 blocks, not the 24 beside it', () => {
    // table B of the article (tests' reference): no residual's ratio 0.031 at 96 blocks, about a thirty-second
    expect(Math.abs(1 / 32 - 0.031)).toBeLessThan(0.001);
    const row = summary('nores');
    expect(row).toContain("at 96 blocks its first block receives a thirty-second of the last one's gradient (Part 1)");
    expect(row).not.toMatch(/collapses with depth/);
  });
});
