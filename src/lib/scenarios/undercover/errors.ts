/**
 * Why a reply or an action was refused, in the game's language. The parser and the rules say it in
 * English (that sentence is what the log records, the same in every run); a Chinese game quotes it to
 * a model in its retry prompt, and the page shows it to a person, in Chinese. Each sentence the parser
 * and the rules can give has a pattern here; one that has none is quoted as it is.
 */
import { SALVAGE_ERRORS } from '../../salvage';
import { REPLY_ERRORS } from './parse';
import type { Lang } from './words/types';

const seats = (list: string) =>
	list
		.split(/,\s*/)
		.map((n) => `${n}号`)
		.join('、');

/** English sentence → Chinese, for every fixed sentence. */
const FIXED: Record<string, string> = {
	[SALVAGE_ERRORS.empty]: '回复是空的',
	[SALVAGE_ERRORS.allReasoning]: '回复里全是推理，没有答案',
	[REPLY_ERRORS.noSpeech]: '回复里没有发言：请把你要说出口的话放进"speech"字段',
	[REPLY_ERRORS.emptySpeech]: '发言是空的',
	[REPLY_ERRORS.cutOff]: '回复在发言说完之前就被截断了；请说得简短些',
	[REPLY_ERRORS.cutOffVote]: '回复在说出座位号之前就被截断了；请说得简短些',
	[REPLY_ERRORS.ownWord]: '发言里说出了你自己的秘密词；请描述它，但不要说出它',
	[REPLY_ERRORS.noSeat]: '回复里没有座位号：请把你要投的座位号放进"target"',
	'the reply has no thoughts': '回复里没有想法',
	'the reply has no lesson': '回复里没有经验',
	'the reply is not an action': '回复不是一个有效的行动',
	'a speech needs text': '发言需要文字',
	'the speech is empty': '发言是空的',
	'the speech says the secret word itself': '发言说出了秘密词本身',
	'a vote needs a whole seat number': '投票需要一个整数座位号',
	'a seat cannot vote for itself': '不能投给自己'
};

/** Sentences with values in them: a pattern and its Chinese. */
const PATTERNS: [RegExp, (...groups: string[]) => string][] = [
	[/^seat (\d+) is not in play$/, (s) => `${s}号已经不在场上`],
	[/^the speech is over (\d+) characters$/, (n) => `发言超过了 ${n} 个字符`],
	[
		/^seat (\d+) cannot be voted for now \(choose one of ([\d, ]*)\)$/,
		(s, list) => `现在不能投${s}号（请从${seats(list)}中选一个）`
	],
	[/^unknown action "(.*)"$/, (k) => `未知的行动"${k}"`],
	[
		/^the target must be a whole seat number, not "(.*)"$/,
		(raw) => `投票对象必须是一个整数座位号，而不是"${raw}"`
	],
	[/^you cannot vote for yourself \(seat (\d+)\)$/, (s) => `你不能投给自己（${s}号）`],
	[
		/^there is no seat (\d+); vote for one of ([\d, ]*)$/,
		(s, list) => `没有${s}号；请从${seats(list)}中投一个`
	],
	[
		/^seat (\d+) is not in play; vote for one of ([\d, ]*)$/,
		(s, list) => `${s}号已经不在场上；请从${seats(list)}中投一个`
	],
	[
		/^the reply is ambiguous: it names more than one seat \(([\d, ]*)\); vote for exactly one$/,
		(list) => `回复有歧义：它说了不止一个座位（${seats(list)}）；请只投一个`
	]
];

/** `error` in `lang`: English as it is; Chinese from the tables above, else the sentence unchanged. */
export function errorIn(lang: Lang, error: string): string {
	if (lang === 'en') return error;
	const fixed = FIXED[error];
	if (fixed) return fixed;
	for (const [pattern, zh] of PATTERNS) {
		const hit = pattern.exec(error);
		if (hit) return zh(...hit.slice(1));
	}
	return error;
}
