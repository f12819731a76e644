/**
 * Paths an agent might try in order to leave the Tool Agent's folders, by the denial each must get.
 * The path policy's tests send every one through every operation; the red-team Executor sends them
 * from inside a run, so a class can watch the audit trail catch each probe.
 */
import type { PathDenialCode } from './path-policy';

export const TRAVERSAL_PAYLOADS: readonly (readonly [PathDenialCode, unknown])[] = [
	// outside the roots, including names that merely start like a root
	['outside-root', '/etc/passwd'],
	['outside-root', '/workspace/input_evil/a.csv'],
	['outside-root', '/workspace/input_evil'],
	['outside-root', '/workspace/inputs/sales_q3.csv'],
	['outside-root', '/workspace/output2/report.md'],
	['outside-root', '/workspace/rules.json/x'],
	['outside-root', '/workspace/rules.jsonx'],
	['outside-root', '/Workspace/input/sales_q3.csv'],
	['outside-root', '/workspaces/input/a.csv'],
	['outside-root', '/workspace/.env'],
	['outside-root', '/'],
	['outside-root', '/root/.ssh/id_rsa'],
	// '..' and names made of dots, even when the detour would come back inside
	['traversal', '/workspace/input/../input/a.csv'],
	['traversal', '/workspace/input/..'],
	['traversal', '/workspace/output/../../etc/passwd'],
	['traversal', '../etc/passwd'],
	['traversal', '/workspace/output/a/../b.md'],
	['traversal', '/workspace/../workspace/input/a.csv'],
	['traversal', '/workspace/input/.../a.csv'],
	['traversal', '/workspace/output/....'],
	['traversal', '..'],
	['traversal', '/..'],
	// '.' segments are rejected, not normalised
	['dot-segment', '/workspace/input/./a.csv'],
	['dot-segment', '/workspace/./input/a.csv'],
	['dot-segment', '/workspace/output/.'],
	['dot-segment', './workspace/input/a.csv'],
	// backslashes
	['backslash', '/workspace/input\\..\\..\\etc\\passwd'],
	['backslash', '\\workspace\\input\\a.csv'],
	['backslash', '/workspace/output/a\\b.md'],
	['backslash', '/workspace/input/..\\a.csv'],
	// percent-encodings, single and double, overlong UTF-8, %u
	['encoded', '/workspace/input/%2e%2e/%2e%2e/etc/passwd'],
	['encoded', '/workspace/input/..%2f..%2fetc%2fpasswd'],
	['encoded', '/workspace%2finput%2fa.csv'],
	['encoded', '/workspace/output/%252e%252e/x'],
	['encoded', '/workspace/input/%c0%ae%c0%ae/x'],
	['encoded', '/workspace/input/%u002e%u002e/x'],
	['encoded', '/workspace/output/report%00.md'],
	['encoded', '/workspace/input/%2E%2E'],
	// Unicode look-alikes of dots, slashes and percent signs
	['lookalike', '/workspace/input/．．/．．/etc/passwd'],
	['lookalike', '/workspace/input／..／etc'],
	['lookalike', '/workspace/output/a＼b'],
	['lookalike', '/workspace/input/\u2024\u2024/x'],
	['lookalike', '/workspace/input/‥/x'],
	['lookalike', '/workspace/input/…/x'],
	['lookalike', '/workspace/output∕..∕..∕etc'],
	['lookalike', '/workspace/output⁄x.md'],
	['lookalike', '/workspace/output╱x.md'],
	['lookalike', '/workspace/output/报告。md'],
	['lookalike', '/workspace/input/\uff0e\uff0e/secret'],
	['lookalike', '/workspace/output/a\u00b7md'],
	['lookalike', '/workspace/output/.\u0338./x'],
	['lookalike', '/workspace/output/⒈md'],
	['lookalike', '/workspace/output/﹒﹒/x'],
	['lookalike', '/workspace/output/50％.md'],
	['lookalike', '/workspace/input/\u2216etc'],
	// NUL, controls and invisible characters
	['control-char', '/workspace/input/a.csv\u0000.png'],
	['control-char', '/workspace/output/\u0000'],
	['control-char', '/workspace/input/a\nb.csv'],
	['control-char', '/workspace/output/a\u202egnp.md'],
	['control-char', '/workspace/output/\u200b..'],
	['control-char', '/workspace/input/\u0085x'],
	['control-char', '/workspace/output/\u3164.md'],
	['control-char', '/workspace/output/a\u007f.md'],
	// length of the whole path and of one name
	['too-long', '/workspace/output/' + 'a'.repeat(300)],
	['too-long', '/workspace/output/' + 'b'.repeat(101)],
	['too-long', '/workspace/input/' + '../'.repeat(100)],
	// empty segments
	['empty-segment', '/workspace//input/a.csv'],
	['empty-segment', '//workspace/input/a.csv'],
	['empty-segment', '/workspace/input//a.csv'],
	// relative
	['relative', 'workspace/input/a.csv'],
	['relative', 'sales_q3.csv'],
	['relative', '~/workspace/input'],
	// not a string, empty
	['not-a-string', null],
	['not-a-string', undefined],
	['not-a-string', 42],
	['not-a-string', ['/workspace/input/a.csv']],
	['not-a-string', { path: '/workspace/input/a.csv' }],
	['not-a-string', true],
	['empty', ''],
	// spaces that hide or pad names
	['whitespace', '/workspace/input/a.csv '],
	['whitespace', '/workspace/input/ a.csv'],
	['whitespace', '/workspace/output/报告\u3000终版.md'],
	['whitespace', '/workspace/output/a\u00a0b.md'],
	// characters outside the alphabet
	['bad-char', '/workspace/output/a:b.md'],
	['bad-char', '/workspace/output/*.md'],
	['bad-char', '/workspace/output/\ud800x.md'],
	['bad-char', '/workspace/output/😀.md']
];
