#!/usr/bin/env bash
# The chapter's math font, web/src/fonts/chapter-math.woff2 (committed; math.css sets every formula in it):
# Latin Modern Math from Debian's fonts-lmodern, subset with fontTools to the characters the chapter's math sets
# and the ones its scripts' math can add (numbers, matrices), each with the size variants and pieces of the font's
# MATH table that stretch it (radicals, brackets, braces, big operators). No GSUB: its script-size alternates
# (ssty) would double the glyphs, and KaTeX, which the chapter's math looked like until issue 54, had none.
# Scripts are set where TeX sets them on a letter (KaTeX's, which the chapter had until issue 54): TeX puts a
# subscript 0.15 em down and a superscript 0.363 em up whatever the letter's depth or height, where MathML Core
# lowers a subscript by the letter's depth plus SubscriptBaselineDropMin (0.2 em in the font) and raises a
# superscript to its height less SuperscriptBaselineDropMax (0.25 em): so 0.15 em down (not 0.247) less a tenth of
# an em of the depth (a gamma's, a parenthesis' depth then leaves it at 0.15), and the superscript's drop TeX's
# 0.386 em. Parentheses keep their sizes up to \Big's (1.8 em) and the radical its sizes up to 3 em, neither an
# assembly: Chromium lays a stretchy operator out as wide as the widest of all its sizes and pieces (MathML Core),
# and the parentheses' 0.875 em put a quarter of an em of air inside every \big( and \Big( (tests/e2e/math.spec.js
# measures it), the radical's 1.056 em a fifth of an em after every square root. Renamed "Chapter Math", as the GUST Font License asks of a changed copy (web/src/fonts/README.md).
# tests/web/math-font.test.js checks that every character of the chapter's math is in the font's list of code
# points (web/src/fonts/chapter-math.json, written here). Run again after adding a character: bash scripts/math-font.sh
set -euo pipefail
cd "$(dirname "$0")/.."

otf=/usr/share/texmf/fonts/opentype/public/lm-math/latinmodern-math.otf
py=/usr/bin/python3 # Debian's Python, which has Debian's fontTools
declare -A need=([fonts-lmodern]="$otf" [python3-fonttools]=/usr/lib/python3/dist-packages/fontTools [python3-brotli]=/usr/lib/python3/dist-packages/brotli.py)
missing=()
for pkg in "${!need[@]}"; do
  compgen -G "${need[$pkg]}*" >/dev/null || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo sh -c "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${missing[*]}" >/dev/null
  else
    echo "math-font: install as root: apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi

# Latin and Greek as typed and as the browser sets a letter in italic or bold (U+1D400–1D467, U+1D6E2–1D71B,
# U+210E: mathematical italic and bold), digits and punctuation, and the operators, relations, accents and
# delimiters of the chapter's TeX and of a little more of the same kind.
unicodes='U+0020-007E,U+00A0,U+00AC,U+00AF,U+00B1,U+00B7,U+00D7,U+00F7,U+0131,U+0237,U+02C6,U+02C7,U+02D9,U+02DC,
U+0391-03A9,U+03B1-03C9,U+03D1,U+03D5,U+03F5,U+2009,U+200A,U+2016,U+2026,U+2032,U+2033,U+2061-2063,
U+210E,U+2112,U+2113,U+2115,U+211D,U+2124,U+2190,U+2192,U+21A6,U+21D2,U+2202,U+2207,U+2208,U+2209,U+220F,
U+2211,U+2212,U+2213,U+2218,U+221A,U+221D,U+221E,U+2223,U+2225,U+222B,U+223C,U+2248,U+2260,U+2261,U+2264,
U+2265,U+2295,U+2297,U+2299,U+22A4,U+22C5,U+22EE,U+22EF,U+22F1,U+2308-230B,U+23DE,U+23DF,U+27E8,U+27E9,
U+1D400-1D467,U+1D6E2-1D71B'

"$py" - "$otf" "${unicodes//$'\n'/}" <<'PY'
import json, sys
from fontTools import subset
from fontTools.ttLib import TTFont

otf, unicodes = sys.argv[1], sys.argv[2]
options = subset.Options()
options.layout_features = []  # MATH is kept whole for the glyphs kept; GSUB's alternates are not
options.hinting = False
options.name_IDs = ['*']
options.flavor = 'woff2'
font = TTFont(otf, recalcTimestamp=False)  # the same bytes on every run
variants = font['MATH'].table.MathVariants
cmap = font.getBestCmap()
for char, tallest in (('(', 1800), (')', 1800), ('\u221a', 3001)):
    construction = variants.VertGlyphConstruction[variants.VertGlyphCoverage.glyphs.index(cmap[ord(char)])]
    construction.MathGlyphVariantRecord = [v for v in construction.MathGlyphVariantRecord if v.AdvanceMeasurement <= tallest]
    construction.VariantCount = len(construction.MathGlyphVariantRecord)
    construction.GlyphAssembly = None
constants = font['MATH'].table.MathConstants
constants.SubscriptShiftDown.Value = 150
constants.SubscriptBaselineDropMin.Value = -100
constants.SuperscriptBaselineDropMax.Value = 386
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=subset.parse_unicodes(unicodes))
subsetter.subset(font)
name = font['name']
for record in name.names:
    if record.nameID in (1, 16):
        record.string = 'Chapter Math'
    elif record.nameID == 4:
        record.string = 'Chapter Math Regular'
    elif record.nameID in (3, 6):
        record.string = 'ChapterMath-Regular'
subset.save_font(font, 'web/src/fonts/chapter-math.woff2', options)
points = sorted(TTFont('web/src/fonts/chapter-math.woff2').getBestCmap())
ranges = []  # [first, last] runs of consecutive code points
for p in points:
    if ranges and ranges[-1][1] == p - 1:
        ranges[-1][1] = p
    else:
        ranges.append([p, p])
with open('web/src/fonts/chapter-math.json', 'w') as f:
    json.dump({'source': 'Latin Modern Math 1.959 (Debian fonts-lmodern), scripts/math-font.sh', 'codePointRanges': ranges}, f)
print(f'math-font: web/src/fonts/chapter-math.woff2, {len(font.getGlyphOrder())} glyphs for {len(points)} code points')
PY
node_modules/.bin/prettier --log-level warn --write web/src/fonts/chapter-math.json
ls -l web/src/fonts/chapter-math.woff2
