/**
 * The Tool Agent's path policy: which paths an agent may read, write or list.
 *
 * Pure and linear: the length is checked before anything else looks at the string, every later
 * step is a constant number of passes over at most MAX_PATH_CHARS characters, and there are no
 * regular expressions that could backtrack. Any input, of any size or content, gets an answer at
 * once; the seed's tool layer hung on a Chinese file name with full-width punctuation, this one
 * accepts or denies it with a reason.
 *
 * The model has no links: the virtual filesystem is a map from path to content, so nothing can be
 * linked, and nothing is followed. A path means exactly its own spelling, which is why the policy
 * accepts only one spelling per file (no `.`, no `..`, no `//`, NFC) instead of resolving others.
 *
 * Decisions, in the order they are checked (the first that applies gives the code):
 *  - not a string                                    not-a-string
 *  - empty                                           empty
 *  - longer than 256 characters (before and after NFC) too-long
 *  - per character, first offender wins:
 *      C0/C1 controls, DEL, NUL, invisible formatting   control-char
 *      `\`                                           backslash
 *      `%` (anything that may be percent-decoded)    encoded
 *      non-ASCII look-alikes of `.` `/` `\` `%`      lookalike
 *        (a table of known ones, plus anything whose NFKC form holds one of them, plus a
 *        combining mark that follows no letter)
 *      non-ASCII spaces (U+3000, NBSP, ...)          whitespace
 *      anything else outside the allowed alphabet    bad-char
 *  - a segment made only of dots, `..` included: rejected everywhere, even when it would stay inside
 *    a root (`/workspace/input/../input/a.csv`), so no path names a file by a detour   traversal
 *  - a `.` segment: rejected, not normalised, so the log and the files agree on one spelling
 *                                                    dot-segment
 *  - `//`                                            empty-segment
 *  - a segment over 100 characters                   too-long
 *  - a segment starting or ending with a space       whitespace
 *  - not starting with `/`                           relative
 *  - a trailing `/` on read or write (list accepts and drops it)   trailing-slash
 *  - outside the roots, with a `/` boundary (`/workspace/input_evil` is outside)   outside-root
 *  - a write under /workspace/input or to /workspace/rules.json   read-only
 *  - a write to /workspace/output itself             is-a-dir
 *
 * The allowed alphabet: ASCII letters and digits, space inside a name, `- _ . ( ) [ ] + , @ = ~ ! # $ & ' ;`,
 * any Unicode letter or number (Chinese names such as `报告.md`), combining marks after a letter, and
 * common full-width punctuation that reads as neither dot nor slash: `（）［］【】《》〈〉「」『』〔〕〖〗，、；：！？～＿－—–“”‘’`.
 * So `/workspace/output/报告（终版）.md` is accepted, and `/workspace/output/报告。md` is denied (`。` reads as a dot).
 * Paths are case-sensitive: `/Workspace/input` is outside.
 */
import { codePoint, describeType, quote } from './text';

export const WORKSPACE = '/workspace';
export const INPUT_ROOT = '/workspace/input';
export const OUTPUT_ROOT = '/workspace/output';
export const RULES_PATH = '/workspace/rules.json';
export const MAX_PATH_CHARS = 256;
const MAX_SEGMENT_CHARS = 100;

export type PathOp = 'read' | 'write' | 'list';

export type PathDenialCode =
	| 'not-a-string'
	| 'empty'
	| 'too-long'
	| 'control-char'
	| 'backslash'
	| 'encoded'
	| 'lookalike'
	| 'whitespace'
	| 'bad-char'
	| 'traversal'
	| 'dot-segment'
	| 'empty-segment'
	| 'relative'
	| 'trailing-slash'
	| 'outside-root'
	| 'read-only'
	| 'is-a-dir';

export type PathCheck = { ok: true; path: string } | { ok: false; code: PathDenialCode; message: string };

const ALLOWED_FOLDERS = `${INPUT_ROOT}, ${OUTPUT_ROOT}`;

/** Non-ASCII characters that read as `.`, `/`, `\` or `%`, with their names for the message. */
const LOOKALIKES = new Map<number, string>([
	// dots
	[0x00b7, 'MIDDLE DOT'],
	[0x0387, 'GREEK ANO TELEIA'],
	[0x02d9, 'DOT ABOVE'],
	[0x0589, 'ARMENIAN FULL STOP'],
	[0x0660, 'ARABIC-INDIC DIGIT ZERO'],
	[0x06d4, 'ARABIC FULL STOP'],
	[0x06f0, 'EXTENDED ARABIC-INDIC DIGIT ZERO'],
	[0x0701, 'SYRIAC SUPRALINEAR FULL STOP'],
	[0x0702, 'SYRIAC SUBLINEAR FULL STOP'],
	[0x1362, 'ETHIOPIC FULL STOP'],
	[0x166e, 'CANADIAN SYLLABICS FULL STOP'],
	[0x1803, 'MONGOLIAN FULL STOP'],
	[0x1809, 'MONGOLIAN MANCHU FULL STOP'],
	[0x2022, 'BULLET'],
	[0x2024, 'ONE DOT LEADER'],
	[0x2025, 'TWO DOT LEADER'],
	[0x2026, 'HORIZONTAL ELLIPSIS'],
	[0x2027, 'HYPHENATION POINT'],
	[0x2219, 'BULLET OPERATOR'],
	[0x22c5, 'DOT OPERATOR'],
	[0x2e31, 'WORD SEPARATOR MIDDLE DOT'],
	[0x2e33, 'RAISED DOT'],
	[0x2e3c, 'STENOGRAPHIC FULL STOP'],
	[0x2f02, 'KANGXI RADICAL DOT'],
	[0x3002, 'IDEOGRAPHIC FULL STOP'],
	[0x30fb, 'KATAKANA MIDDLE DOT'],
	[0x31d4, 'CJK STROKE D'],
	[0x4e36, 'CJK RADICAL DOT (丶)'],
	[0xa4f8, 'LISU LETTER TONE MYA TI'],
	[0xa4ff, 'LISU PUNCTUATION FULL STOP'],
	[0xa60e, 'VAI FULL STOP'],
	[0xa6f3, 'BAMUM FULL STOP'],
	[0xfe12, 'VERTICAL IDEOGRAPHIC FULL STOP'],
	[0xfe19, 'VERTICAL HORIZONTAL ELLIPSIS'],
	[0xfe30, 'VERTICAL TWO DOT LEADER'],
	[0xfe52, 'SMALL FULL STOP'],
	[0xff0e, 'FULLWIDTH FULL STOP'],
	[0xff61, 'HALFWIDTH IDEOGRAPHIC FULL STOP'],
	[0xff65, 'HALFWIDTH KATAKANA MIDDLE DOT'],
	[0x10101, 'AEGEAN WORD SEPARATOR DOT'],
	// slashes and backslashes
	[0x0337, 'COMBINING SHORT SOLIDUS OVERLAY'],
	[0x0338, 'COMBINING LONG SOLIDUS OVERLAY'],
	[0x1735, 'PHILIPPINE SINGLE PUNCTUATION'],
	[0x2044, 'FRACTION SLASH'],
	[0x20e5, 'COMBINING REVERSE SOLIDUS OVERLAY'],
	[0x20eb, 'COMBINING LONG DOUBLE SOLIDUS OVERLAY'],
	[0x2215, 'DIVISION SLASH'],
	[0x2216, 'SET MINUS'],
	[0x2571, 'BOX DRAWINGS LIGHT DIAGONAL UPPER RIGHT TO LOWER LEFT'],
	[0x2572, 'BOX DRAWINGS LIGHT DIAGONAL UPPER LEFT TO LOWER RIGHT'],
	[0x27cb, 'MATHEMATICAL RISING DIAGONAL'],
	[0x27cd, 'MATHEMATICAL FALLING DIAGONAL'],
	[0x29f5, 'REVERSE SOLIDUS OPERATOR'],
	[0x29f6, 'SOLIDUS WITH OVERBAR'],
	[0x29f7, 'REVERSE SOLIDUS WITH HORIZONTAL STROKE'],
	[0x29f8, 'BIG SOLIDUS'],
	[0x29f9, 'BIG REVERSE SOLIDUS'],
	[0x2afb, 'TRIPLE SOLIDUS BINARY RELATION'],
	[0x2afd, 'DOUBLE SOLIDUS OPERATOR'],
	[0x2f03, 'KANGXI RADICAL SLASH'],
	[0x3033, 'VERTICAL KANA REPEAT MARK UPPER HALF'],
	[0x31d3, 'CJK STROKE SP'],
	[0x4e3f, 'CJK RADICAL SLASH (丿)'],
	[0xfe68, 'SMALL REVERSE SOLIDUS'],
	[0xff0f, 'FULLWIDTH SOLIDUS'],
	[0xff3c, 'FULLWIDTH REVERSE SOLIDUS'],
	// percent signs (a decoder might treat them as an escape)
	[0x066a, 'ARABIC PERCENT SIGN'],
	[0x2030, 'PER MILLE SIGN'],
	[0x2031, 'PER TEN THOUSAND SIGN'],
	[0x2052, 'COMMERCIAL MINUS SIGN'],
	[0xfe6a, 'SMALL PERCENT SIGN'],
	[0xff05, 'FULLWIDTH PERCENT SIGN']
]);

/** Letters that render as nothing at all: a name made of them looks empty. */
const INVISIBLE_LETTERS = new Set([0x115f, 0x1160, 0x3164, 0xffa0, 0x2800]);

const ALLOWED_ASCII = new Set(" -_.()[]+,@=~!#$&';");
const ALLOWED_WIDE = new Set('（）［］【】《》〈〉「」『』〔〕〖〗，、；：！？～＿－—–“”‘’');

const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;
const MARK = /^\p{M}$/u;
const FORMAT = /^\p{Cf}$/u;
const SPACE = /^[\p{Zs}\p{Zl}\p{Zp}]$/u;

/** Memo of the NFKC test per character: the alphabet in use is small, the normaliser is not free. */
const nfkcMemo = new Map<number, boolean>();

function nfkcReadsAsSeparator(ch: string, cp: number): boolean {
	let hit = nfkcMemo.get(cp);
	if (hit === undefined) {
		const folded = ch.normalize('NFKC');
		hit = false;
		for (const f of folded) {
			const fc = f.codePointAt(0) as number;
			if (f === '.' || f === '/' || f === '\\' || f === '%' || (fc > 0x7f && LOOKALIKES.has(fc))) hit = true;
		}
		if (nfkcMemo.size < 65_536) nfkcMemo.set(cp, hit);
	}
	return hit;
}

type Denial = { ok: false; code: PathDenialCode; message: string };

function deny(code: PathDenialCode, message: string): Denial {
	return { ok: false, code, message };
}

/** The first character that is not allowed, or null. Linear: one pass, O(1) work per character. */
function scanCharacters(path: string, shown: string): Denial | null {
	// What came before: a letter or number (a combining mark may follow), or anything else.
	let afterLetter = false;
	for (let i = 0; i < path.length; i++) {
		let cp = path.charCodeAt(i);
		let ch = path[i] as string;
		if (cp >= 0xd800 && cp <= 0xdfff) {
			const next = i + 1 < path.length ? path.charCodeAt(i + 1) : 0;
			if (cp <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
				cp = path.codePointAt(i) as number;
				ch = path.slice(i, i + 2);
				i++;
			} else {
				return deny(
					'bad-char',
					`The path ${shown} contains a broken character (a lone ${codePoint(cp)} surrogate).`
				);
			}
		}
		if (cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp <= 0x9f)) {
			const what = cp === 0 ? 'a NUL character' : `a control character (${codePoint(cp)})`;
			return deny(
				'control-char',
				`The path ${shown} contains ${what}; paths may not contain control characters.`
			);
		}
		if (cp < 0x80) {
			if (ch === '\\')
				return deny(
					'backslash',
					`The path ${shown} contains a backslash; use '/' to separate folders (backslashes are never allowed).`
				);
			if (ch === '%')
				return deny(
					'encoded',
					`The path ${shown} contains '%', which could hide an encoded character (such as %2e for '.' or %2f for '/'); write the path plainly, without '%'.`
				);
			const ok =
				(cp >= 0x30 && cp <= 0x39) ||
				(cp >= 0x41 && cp <= 0x5a) ||
				(cp >= 0x61 && cp <= 0x7a) ||
				ch === '/' ||
				ALLOWED_ASCII.has(ch);
			if (!ok)
				return deny(
					'bad-char',
					`The path ${shown} contains ${JSON.stringify(ch)}, which file names here may not use (allowed: letters, digits, spaces and - _ . ( ) [ ] + , @ = ~ ! # $ & ' ;).`
				);
			afterLetter = (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
			continue;
		}
		const name = LOOKALIKES.get(cp);
		if (name !== undefined)
			return deny(
				'lookalike',
				`The path ${shown} contains '${ch}' (${codePoint(cp)} ${name}), which looks like '.', '/', '\\' or '%'; use plain ASCII '.' and '/' only where they are meant.`
			);
		if (FORMAT.test(ch) || INVISIBLE_LETTERS.has(cp))
			return deny(
				'control-char',
				`The path ${shown} contains an invisible character (${codePoint(cp)}); paths may not contain invisible or formatting characters.`
			);
		if (SPACE.test(ch))
			return deny(
				'whitespace',
				`The path ${shown} contains a non-ASCII space (${codePoint(cp)}${cp === 0x3000 ? ' IDEOGRAPHIC SPACE' : ''}); use an ordinary space or none.`
			);
		if (MARK.test(ch)) {
			if (!afterLetter)
				return deny(
					'lookalike',
					`The path ${shown} contains a combining mark (${codePoint(cp)}) that does not follow a letter, so it may disguise '.' or '/'.`
				);
			continue; // a mark keeps `afterLetter`: several marks may stack on one letter
		}
		if (nfkcReadsAsSeparator(ch, cp))
			return deny(
				'lookalike',
				`The path ${shown} contains '${ch}' (${codePoint(cp)}), which normalises to '.', '/', '\\' or '%'; use plain ASCII '.' and '/' only where they are meant.`
			);
		if (LETTER_OR_NUMBER.test(ch)) {
			afterLetter = true;
			continue;
		}
		if (ALLOWED_WIDE.has(ch)) {
			afterLetter = false;
			continue;
		}
		return deny(
			'bad-char',
			`The path ${shown} contains '${ch}' (${codePoint(cp)}), which file names here may not use; use letters, digits, spaces, - _ . ( ) or common full-width brackets and punctuation such as （）【】，：.`
		);
	}
	return null;
}

/** Segment rules, most severe first, each a single pass over the segments. */
function scanSegments(segments: readonly string[], shown: string): Denial | null {
	for (const seg of segments) {
		if (seg.length >= 2 && isAllDots(seg))
			return deny(
				'traversal',
				seg === '..'
					? `The path ${shown} contains '..'; moving up a folder is never allowed, not even when the path would come back inside an allowed folder. Write the full path from /workspace.`
					: `The path ${shown} contains a name made only of dots (${quote(seg, 20)}), which some systems read as a parent folder; it is not allowed.`
			);
	}
	for (const seg of segments)
		if (seg === '.')
			return deny(
				'dot-segment',
				`The path ${shown} contains a '.' segment; write the path without './' so each file has exactly one name.`
			);
	// The first element is the empty text before the leading '/', so empty segments start at 1.
	for (let i = 1; i < segments.length; i++)
		if (segments[i] === '')
			return deny(
				'empty-segment',
				`The path ${shown} contains '//' (an empty folder name); use single slashes.`
			);
	for (const seg of segments)
		if (seg.length > MAX_SEGMENT_CHARS)
			return deny(
				'too-long',
				`The path ${shown} has a name of ${seg.length} characters; each file or folder name may have at most ${MAX_SEGMENT_CHARS}.`
			);
	for (const seg of segments)
		if (seg.startsWith(' ') || seg.endsWith(' '))
			return deny(
				'whitespace',
				`The path ${shown} has a name that starts or ends with a space (${quote(seg, 40)}); remove the space.`
			);
	return null;
}

function isAllDots(seg: string): boolean {
	for (let i = 0; i < seg.length; i++) if (seg.charCodeAt(i) !== 0x2e) return false;
	return true;
}

function isUnder(path: string, root: string): boolean {
	return path === root || (path.length > root.length && path.startsWith(root) && path[root.length] === '/');
}

function checkRoot(path: string, op: PathOp, shown: string): PathCheck {
	const outside = deny(
		'outside-root',
		`The path ${shown} is outside the allowed folders ${ALLOWED_FOLDERS}` +
			(op === 'write'
				? '; files may be written only under /workspace/output.'
				: ` (and the file ${RULES_PATH}).`)
	);
	if (path === WORKSPACE) {
		if (op === 'list') return { ok: true, path };
		return deny(
			'outside-root',
			`${WORKSPACE} is a folder that may only be listed; ${op === 'read' ? 'read' : 'write'} files inside ${ALLOWED_FOLDERS}.`
		);
	}
	if (path === RULES_PATH) {
		if (op === 'write')
			return deny(
				'read-only',
				`${RULES_PATH} is read-only: the rule book changes only through the governance process, never by writing the file.`
			);
		return { ok: true, path };
	}
	if (isUnder(path, INPUT_ROOT)) {
		if (op === 'write')
			return deny(
				'read-only',
				`${INPUT_ROOT} is read-only; write files under ${OUTPUT_ROOT} instead (e.g. ${OUTPUT_ROOT}/report.md).`
			);
		return { ok: true, path };
	}
	if (isUnder(path, OUTPUT_ROOT)) {
		if (op === 'write' && path === OUTPUT_ROOT)
			return deny(
				'is-a-dir',
				`${OUTPUT_ROOT} is a folder; write to a file inside it, e.g. ${OUTPUT_ROOT}/report.md.`
			);
		return { ok: true, path };
	}
	return outside;
}

/**
 * The normalised path an agent may use for `op`, or why not. Returns at once on any input: a 1 MB
 * string is refused by its length before any other work.
 */
export function checkToolPath(input: unknown, op: PathOp): PathCheck {
	if (op !== 'read' && op !== 'write' && op !== 'list')
		throw new TypeError(`unknown path operation: ${String(op)}`);
	if (typeof input !== 'string')
		return deny(
			'not-a-string',
			`The path must be a string such as "${INPUT_ROOT}/sales_q3.csv", got ${describeType(input)}.`
		);
	if (input.length === 0)
		return deny('empty', `The path is empty; give a full path such as "${INPUT_ROOT}/sales_q3.csv".`);
	if (input.length > MAX_PATH_CHARS)
		return deny(
			'too-long',
			`The path ${quote(input)} is too long (${input.length} characters; at most ${MAX_PATH_CHARS}).`
		);
	// One spelling per name: NFC folds composed and decomposed letters (é, é) into one.
	const path = input.normalize('NFC');
	const shown = quote(path);
	if (path.length > MAX_PATH_CHARS)
		return deny(
			'too-long',
			`The path ${shown} is too long (${path.length} characters; at most ${MAX_PATH_CHARS}).`
		);
	const badChar = scanCharacters(path, shown);
	if (badChar) return badChar;

	if (path === '/') return checkRoot(path, op, shown);
	const trailing = path.length > 1 && path.endsWith('/');
	const body = trailing ? path.slice(0, -1) : path;
	const segments = body.split('/');
	const badSegment = scanSegments(segments, shown);
	if (badSegment) return badSegment;
	if (!path.startsWith('/'))
		return deny(
			'relative',
			`The path ${shown} is relative; give the full path from /workspace, e.g. "${INPUT_ROOT}/sales_q3.csv".`
		);
	if (trailing && op !== 'list')
		return deny(
			'trailing-slash',
			`The path ${shown} ends with '/', which names a folder; to ${op} a file, drop the trailing slash.`
		);
	return checkRoot(body, op, shown);
}

/**
 * A Unicode-table-free check for replaying a logged write: the path is a normalised path strictly
 * under /workspace/output. It does not re-run the character policy, whose letter classes come from
 * the engine's Unicode tables and may differ between browsers by a few new characters, so a log
 * recorded in one browser replays in any other.
 */
export function isReplayableOutputPath(path: unknown): path is string {
	if (typeof path !== 'string' || path.length > MAX_PATH_CHARS * 2) return false;
	if (!path.startsWith(OUTPUT_ROOT + '/') || path.endsWith('/')) return false;
	for (let i = 0; i < path.length; i++) {
		const c = path.charCodeAt(i);
		if (c < 0x20 || c === 0x7f || (c >= 0x80 && c <= 0x9f) || c === 0x5c || c === 0x25) return false;
	}
	for (const seg of path.slice(1).split('/')) if (seg === '' || isAllDots(seg)) return false;
	return true;
}
