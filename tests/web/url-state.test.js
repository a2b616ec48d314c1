// The page's one kit for keeping a value in the address (web/src/ui/url-state.js addressEntry): every control,
// the shared settings and the lab's configurations keep themselves through it, so an older link's spelling, the
// fallback left out and the other parameters kept are one behaviour, tested here once.
import { beforeEach, describe, expect, it } from 'vitest';
import { addressEntry } from '../../web/src/ui/url-state.js';
import { seedAddress } from '../../web/src/exercises/seed.js';

beforeEach(() => {
  // a stand-in for the browser's location and history (Node has neither)
  globalThis.location = new URL('https://example.org/residual-ln/');
  globalThis.history = { state: null, replaceState: (_state, _title, url) => (globalThis.location = new URL(url)) };
});
const at = (query) => (globalThis.location = new URL(`https://example.org/residual-ln/${query}`));

describe('addressEntry', () => {
  it('reads its name, else an older name, else nothing; from the page or from a link’s parameters', () => {
    const L = addressEntry({ name: 'es.L', older: ['es.n'] });
    expect(L.names).toEqual(['es.L', 'es.n']);
    at('?es.n=12');
    expect(L.textIn()).toBe('12');
    at('?es.n=12&es.L=7');
    expect(L.textIn()).toBe('7'); // the current spelling wins
    at('?a.L=2');
    expect(L.textIn()).toBeNull();
    expect(L.textIn(new URLSearchParams('es.n=5'))).toBe('5');
  });

  it('writes under its name, drops an older spelling, leaves the fallback out and keeps the other parameters', () => {
    const L = addressEntry({ name: 'es.L', older: ['es.n'] });
    at('?a.L=2&es.n=12');
    L.write('13', '24');
    const params = new URL(globalThis.location.href).searchParams;
    expect([params.get('es.L'), params.get('es.n'), params.get('a.L')]).toEqual(['13', null, '2']);
    L.write('24', '24');
    expect(globalThis.location.search).toBe('?a.L=2');
  });

  it('a repeatable parameter (?wiring=…&wiring=…): writeFirst sets the first value, keeps the others, drops an older spelling', () => {
    const w = addressEntry({ name: 'wiring', older: ['w'] });
    at('?w=post&x=1');
    expect(w.textIn()).toBe('post'); // an older link's spelling is read
    w.writeFirst('deepnorm', 'pre');
    expect(globalThis.location.search).toBe('?x=1&wiring=deepnorm');
    at('?wiring=post&x=1&wiring=a%3D1');
    expect(w.textIn()).toBe('post');
    expect(w.allIn()).toEqual(['post', 'a=1']); // every value, in the link's order
    expect(w.allIn(new URLSearchParams('w=a&w=b'))).toEqual(['a', 'b']); // an older spelling's too
    expect(w.allIn(new URLSearchParams('x=1'))).toEqual([]);
    w.writeFirst('sandwich', 'pre');
    expect(new URL(globalThis.location.href).searchParams.getAll('wiring')).toEqual(['sandwich', 'a=1']);
    // the fallback is left out only when it is the one value (a later one would take its place on the next visit)
    w.writeFirst('pre', 'pre');
    expect(new URL(globalThis.location.href).searchParams.getAll('wiring')).toEqual(['pre', 'a=1']);
    at('?wiring=post');
    w.writeFirst('pre', 'pre');
    expect(globalThis.location.search).toBe('');
  });

  it('writes nothing to the history when the address would not change', () => {
    let writes = 0;
    globalThis.history = {
      state: null,
      replaceState: (_s, _t, url) => {
        writes++;
        globalThis.location = new URL(url);
      },
    };
    at('?x.d=64');
    addressEntry({ name: 'x.d' }).write('64', '512');
    expect(writes).toBe(0);
  });
});

describe('an exercise’s seed is kept by the kit (exercises/seed.js seedAddress)', () => {
  it('reads exN.seed, writes the seed back with the other parameters kept, and leaves the answer key’s numbers out', () => {
    const seed = seedAddress(4);
    expect(seed.name).toBe('ex4.seed'); // the name the teachers' links set (teachers/numbers.js)
    at('?b.Ls=6,24&ex4.seed=12345&ex11.seed=3');
    expect(seed.textIn()).toBe('12345');
    expect(seed.textIn(new URLSearchParams('ex4.seed=7'))).toBe('7');
    seed.write(99);
    const params = new URL(globalThis.location.href).searchParams;
    expect([params.get('ex4.seed'), params.get('ex11.seed'), params.get('b.Ls')]).toEqual(['99', '3', '6,24']);
    seed.write(null); // the key's numbers: no parameter
    expect([...new URL(globalThis.location.href).searchParams]).toEqual([
      ['b.Ls', '6,24'],
      ['ex11.seed', '3'],
    ]);
    expect(seed.textIn()).toBeNull();
  });
});
