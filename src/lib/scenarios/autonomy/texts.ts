/**
 * Every word that goes INTO an autonomy run (the prompt a spent token buys, the triggers' texts and
 * sources, the wake gate's notes, the doors' refusals, the patch a decision writes, the scripted
 * Sentinel's reasons), one table per run language. The run's `lang` picks the table, never the
 * interface: the same setup gives the same log whoever watches it. English is the run as it always
 * was (the golden hashes); Chinese uses the seed's own terms (代币, 触发条件, 唤醒, 门, 指纹, 传输失败).
 */

import { inLang, type ByLang, type RunLang } from '../shared/lang';
import { NO_FINGERPRINT } from './state';

/** The run's language as autonomy's config and pages name it: the one run language of shared/lang.ts. */
export type AutonomyLang = RunLang;

/**
 * English: the words every golden hash was recorded with, and the shape each language's table keeps
 * (`AutonomyTexts` is its type).
 */
const EN = {
	systemPrompt:
		'You are Sentinel, an autonomous coding agent with a small daily budget. You are shown one file of your ' +
		'repository and the triggers that made you look at it. Decide whether the file is worth improving now. ' +
		'Answer with JSON only: {"decision": "IMPROVE" or "SKIP", "reason": "one short sentence"}.',
	/** A moment of the run: day `day` (1-based), `time` as HH:MM. */
	clock: (day: number, time: string) => `day ${day}, ${time}`,
	fileLabel: 'File',
	triggersLabel: 'Triggers',
	noTriggers: 'none',
	/** The user message: the file, its triggers (or none), the file's content, the question. */
	question: (path: string) => `Improve ${path} now, or SKIP?`,
	fileCut: "// … (file cut to fit the model's window)",
	/** The retry line: why the previous reply was refused (already in this language), reply again. */
	retry: (error: string) => `Your previous reply was rejected: ${error}. Reply again.`,
	/**
	 * Why a reply or an answer was refused (errors.ts). The parser and the validator give the English
	 * sentence, which the log records in every run; another language's retry prompt quotes its own.
	 */
	decisionErrors: {
		reply: 'the reply must be {"decision": "IMPROVE" or "SKIP", "reason": "..."}',
		answer: 'the answer must be {"decision": "IMPROVE" or "SKIP", "reason": "..."}',
		decision: 'the decision must be IMPROVE or SKIP',
		reason: 'the reason must be text',
		noSpend: 'there is no open spend to decide',
		nothingToDecide: 'nothing to decide'
	},
	/** What `withLengthHint` (policies/llm/chat-client.ts) adds when a reply hit the length limit. */
	lengthHint: ' (the reply hit the length limit: answer in fewer words)',
	/** The prefix of a patch the Tool Agent refused to write; the tool's own message follows it. */
	patchRefused: 'the patch could not be written: ',
	// Evidence the world leaves (reducer) and the derived triggers (triggers.ts).
	mergedSource: (mr: number, clock: string) => `MR !${mr} merged ${clock}`,
	mergedText: (mr: number) => `changed by MR !${mr}`,
	errorSource: 'runtime error',
	/** The evidence a world event leaves in fixed words, by the evidence's type. */
	worldEvidence: {
		'governance-drift': { source: 'drift report', text: 'governance drift past its threshold' },
		'open-opportunity': { source: 'opportunity opened', text: 'an open improvement opportunity' },
		'unresolved-rollback': { source: 'rollback', text: 'a rollback nobody has resolved' }
	},
	siblingSource: (paths: string) => `rollback penalties of ${paths}`,
	siblingText: (n: number) => `${n} sibling${n === 1 ? ' has a' : 's have'} rollback penalty`,
	securitySource: (minute: number) => `security counter (last failure at minute ${minute})`,
	securityText: (n: number) => `${n} security failure${n === 1 ? '' : 's'} in the system`,
	// The wake gate's notes (rules.ts).
	headMoved: (head: string) => `head moved to ${head}`,
	newEvidence: (n: number) => `${n} new piece(s) of evidence`,
	reviewDue: 'the weekly review is due',
	autonomyDue: (target: string) => `autonomy window; admit() considers ${target}`,
	noReason: 'no trigger anywhere: time is not a reason, so this wake costs nothing',
	daysDone: (days: number) => `${days} simulated days done`,
	/** The simulated provider's failure (reducer.ts), the error a failed spend records. */
	providerError: (status: 500 | 'timeout', outage: boolean) =>
		`provider ${status === 500 ? 'HTTP 500' : 'timeout'}${outage ? ' (outage)' : ''}`,
	// The doors' refusals (doors.ts).
	noTrigger: (target: string) => `no trigger: nothing provable about ${target} (time is not a reason)`,
	sameFingerprint: (fp: string, target: string) =>
		`same triggers (fingerprint ${fp}) as a grant on ${target} that ended in SKIP: no new reason`,
	cooldown: (target: string, last: string, hours: number, until: string) =>
		`${target} had a token at ${last}; its cooldown of ${hours} h runs to ${until}`,
	spacing: (ago: number, apart: number) =>
		`the last spend was ${ago} min ago; spends are ${apart} min apart at least`,
	providerFailed: (n: number) => `the provider failed ${n} times today: no more spends until midnight`,
	dailySpent: (tokens: number, day: number) => `all ${tokens} tokens of day ${day} are spent`,
	locked: (target: string) => `${target} is in a locked module`,
	stillOpen: (spend: number) => `spend #${spend} is still open in this cycle`,
	notInCycle: (target: string) => `${target} is not in this pipeline cycle`,
	// The patch an IMPROVE writes (validate.ts).
	patch: (target: string, reason: string, triggers: string) =>
		`# Proposal for ${target}\n\nWhy: ${reason || 'no reason given'}\nTriggers: ${triggers || 'none'}\n`,
	// The scripted Sentinel's reasons (policies/scripted/autonomy.ts).
	hasFixme: (path: string) => `${path} has a FIXME worth a patch`,
	worthFix: (trigger: string) => `${trigger}: worth a fix`,
	nothingToChange: (triggers: string) => `${triggers}: nothing in the file to change`,
	noTriggerNothing: 'no trigger and nothing in the file to change',
	/** How a list of trigger texts is joined. */
	listSeparator: '; '
};

export type AutonomyTexts = typeof EN;

const ZH: AutonomyTexts = {
	systemPrompt:
		'你是 Sentinel，一个每天只有少量代币预算的自主编码智能体。下面给你看代码库里的一个文件，以及让你关注它的触发条件。' +
		'请判断这个文件现在是否值得改进。只用 JSON 回答：{"decision": "IMPROVE" 或 "SKIP", "reason": "一句简短的理由"}。',
	clock: (day, time) => `第 ${day} 天 ${time}`,
	fileLabel: '文件',
	triggersLabel: '触发条件',
	noTriggers: '无',
	question: (path) => `现在改进 ${path}，还是 SKIP？`,
	fileCut: '// …（为适应模型的上下文窗口，文件已截断）',
	retry: (error) => `你上一次的回复被拒绝了：${error}。请重新回复。`,
	decisionErrors: {
		reply: '回复必须是 {"decision": "IMPROVE" 或 "SKIP", "reason": "……"}',
		answer: '回答必须是 {"decision": "IMPROVE" 或 "SKIP", "reason": "……"}',
		decision: '决定必须是 IMPROVE 或 SKIP',
		reason: '理由必须是文字',
		noSpend: '没有待决定的开销',
		nothingToDecide: '没有要决定的事'
	},
	lengthHint: '（回复达到了长度上限：请用更少的字回答）',
	patchRefused: '补丁无法写入：',
	mergedSource: (mr, clock) => `MR !${mr} 于 ${clock} 合并`,
	mergedText: (mr) => `被 MR !${mr} 修改`,
	errorSource: '运行时错误',
	worldEvidence: {
		'governance-drift': { source: '漂移报告', text: '治理漂移超过阈值' },
		'open-opportunity': { source: '改进机会已开启', text: '一个待处理的改进机会' },
		'unresolved-rollback': { source: '回滚', text: '一次无人解决的回滚' }
	},
	siblingSource: (paths) => `${paths} 的回滚惩罚记录`,
	siblingText: (n) => `${n} 个同级模块有回滚惩罚`,
	securitySource: (minute) => `安全计数器（最近一次失败在第 ${minute} 分钟）`,
	securityText: (n) => `系统中有 ${n} 次安全失败`,
	headMoved: (head) => `代码库的最新提交变为 ${head}`,
	newEvidence: (n) => `${n} 条新证据`,
	reviewDue: '每周复查到期',
	autonomyDue: (target) => `自主窗口；admit() 考虑 ${target}`,
	noReason: '任何地方都没有触发条件：时间本身不是理由，所以这次唤醒不花任何代价',
	daysDone: (days) => `${days} 个模拟日已结束`,
	providerError: (status, outage) =>
		`服务商${status === 500 ? '返回 HTTP 500' : '超时'}${outage ? '（故障期间）' : ''}`,
	noTrigger: (target) => `没有触发条件：关于 ${target} 没有任何可证明的理由（时间本身不是理由）`,
	sameFingerprint: (fp, target) =>
		`触发条件与 ${target} 上一次以 SKIP 结束的授权相同（指纹 ${fp === NO_FINGERPRINT ? '无' : fp}）：没有新理由`,
	cooldown: (target, last, hours, until) =>
		`${target} 在 ${last} 已花过代币；它 ${hours} 小时的冷却期持续到 ${until}`,
	spacing: (ago, apart) => `上一次开销在 ${ago} 分钟前；两次开销至少相隔 ${apart} 分钟`,
	providerFailed: (n) => `服务商今天已失败 ${n} 次：午夜前不再开销`,
	dailySpent: (tokens, day) => `第 ${day} 天的 ${tokens} 个代币已全部花完`,
	locked: (target) => `${target} 在锁定模块中`,
	stillOpen: (spend) => `开销 #${spend} 在本轮流水线中仍未结束`,
	notInCycle: (target) => `${target} 不在本轮流水线中`,
	patch: (target, reason, triggers) =>
		`# ${target} 的改进提案\n\n理由：${reason || '未给出理由'}\n触发条件：${triggers || '无'}\n`,
	hasFixme: (path) => `${path} 有一个值得打补丁的 FIXME`,
	worthFix: (trigger) => `${trigger}：值得修复`,
	nothingToChange: (triggers) => `${triggers}：文件里没有需要改的地方`,
	noTriggerNothing: '没有触发条件，文件里也没有需要改的地方',
	listSeparator: '；'
};

const TEXTS: ByLang<AutonomyTexts> = { en: EN, zh: ZH };

/** The texts of a run language (a config's `lang`). */
export const textsFor = (lang: AutonomyLang): AutonomyTexts => inLang(TEXTS, lang);
