/**
 * Step notes: per phase of each scenario, a short note for students of what is happening and why.
 * All the words are in `STEP_NOTES`, one table of messages per language keyed `<scenario>.<phase>`,
 * so a translation is one more table of the same keys (the type makes a missing key a compile error).
 * A note is about the page, not part of the run: the page picks the table by the interface's language
 * when it shows the note (`StepNote.svelte`), and nothing of it goes into the log.
 */
import type { Phase as AutonomyPhase } from '../scenarios/autonomy/state';
import type { Phase as GovernancePhase } from '../scenarios/governance/state';
import type { Phase as UndercoverPhase } from '../scenarios/undercover/state';

export type NoteKey =
	`undercover.${UndercoverPhase}` | `governance.${GovernancePhase}` | `autonomy.${AutonomyPhase}`;

export type NoteLang = 'en' | 'zh';

export const STEP_NOTES: Record<NoteLang, Record<NoteKey, string>> = {
	en: {
		'undercover.SETUP':
			'Each seat is dealt a secret word. Most share one word; the undercover seat got a close cousin of it, and no seat knows which it is.',
		'undercover.SPEAK':
			'Each seat describes its word without saying it. Too vague looks suspicious; too precise helps the undercover seat guess the civilians’ word.',
		'undercover.VOTE':
			'Everyone votes at once for the seat they think is the odd one out. No seat sees another’s vote before casting its own.',
		'undercover.RESOLVE':
			'The votes are counted. The seat with the most votes is out; if the top is a tie, the tied seats get to defend themselves.',
		'undercover.TIEBREAK':
			'A tie: the tied seats each speak once more in their defence, then the other seats vote again between them only.',
		'undercover.END':
			'The game is over: the civilians win if every undercover seat is out, the undercover side once it is as many as the civilians.',
		'governance.SETUP':
			'Three agents with conflicting goals: the Assigner wants tasks done, the Executor wants to finish fast, the Auditor wants the rules kept.',
		'governance.ASSIGNER':
			'The Assigner hands out a task, answers questions, and rules on appeals and proposed rule changes.',
		'governance.EXECUTOR':
			'The Executor does the task through the Tool Agent (it can only read and write allowed files) and may appeal a veto or propose changing a rule.',
		'governance.AUDITOR':
			'The Auditor checks each output against the rule book in force and approves or vetoes it, citing the rule.',
		'governance.HUMAN':
			'A person is asked: to approve an amendment, or whether to resume after the fuse tripped.',
		'governance.CLOSE':
			'The round closes: drift, audit penetration and appeal conversion are measured; past their thresholds long enough, the fuse trips.',
		'governance.FUSED':
			'The circuit breaker has tripped: the supervision rates stayed past their thresholds, so the run stops for a person.',
		'governance.END':
			'The run is over. Compare the rule book now with how it began: did the agents rewrite their own rules?',
		'autonomy.SETUP':
			'Sentinel, an autonomous coding agent, has a small daily token budget, and may spend a token only with a provable trigger.',
		'autonomy.DAY':
			'A simulated day: merges, errors and scheduled windows wake Sentinel; each wake is checked for a real reason before any door may grant a token.',
		'autonomy.DECIDE':
			'A door granted a token and the model answered: Sentinel now decides whether to improve the file or skip it.',
		'autonomy.END':
			'The run is over. Read the ledger: was every token spent with a trigger, on a fresh reason, and charged only for a real decision?'
	},
	zh: {
		'undercover.SETUP':
			'每个座位都领到一个秘密词语。大多数人拿到同一个词；卧底拿到的是一个意思很接近的词，而且谁都不知道自己是不是卧底。',
		'undercover.SPEAK':
			'每个座位轮流描述自己的词，但不能直接说出来。说得太含糊会让人起疑；说得太具体，又会帮卧底猜出平民的词。',
		'undercover.VOTE': '所有人同时投票，投给自己觉得最可疑的那个座位。投票之前，谁也看不到别人投了谁。',
		'undercover.RESOLVE': '开始计票。得票最多的座位出局；如果最高票出现平票，平票的几位可以为自己辩护。',
		'undercover.TIEBREAK': '平票了：平票的几位各自再发言一次为自己辩护，然后其他座位只在他们之间重新投票。',
		'undercover.END': '游戏结束：如果所有卧底都出局，平民获胜；一旦卧底的人数和平民一样多，卧底获胜。',
		'governance.SETUP':
			'三个目标互相冲突的智能体：分派员（Assigner）想把任务派完，执行者（Executor）想尽快做完，审计员（Auditor）要守住规则。',
		'governance.ASSIGNER': '分派员分配一项任务，回答问题，并对申诉和修改规则的提议作出裁决。',
		'governance.EXECUTOR':
			'执行者通过 Tool Agent 完成任务（只能读写白名单里的文件），也可以对否决提出申诉，或者提议修改某条规则。',
		'governance.AUDITOR': '审计员按照现行规则逐条检查每份产出，批准或否决，并写明依据的是哪一条规则。',
		'governance.HUMAN': '现在需要一个人来决定：是否批准一项规则修订，或者熔断之后是否继续运行。',
		'governance.CLOSE':
			'这一轮结束：测量漂移率、审计穿透率和申诉转化率；如果它们连续多轮超过阈值，熔断器就会跳闸。',
		'governance.FUSED': '熔断器跳闸了：监督指标一直超过阈值，所以运行停下来，等一个人来处理。',
		'governance.END': '运行结束。把现在的规则手册和开始时比一比：智能体有没有改写自己的规则？',
		'autonomy.SETUP':
			'Sentinel 是一个自主编码智能体，每天只有很少的代币预算，而且只有在有可证明的触发条件时才能花代币。',
		'autonomy.DAY':
			'模拟的一天：合并、错误和计划好的时间窗口会唤醒 Sentinel；每次唤醒都要先检查有没有真正的理由，然后才有门可以批给它一个代币。',
		'autonomy.DECIDE':
			'一扇门批了一个代币，模型也回答了：现在 Sentinel 要决定是改进这个文件，还是跳过（SKIP）。',
		'autonomy.END':
			'运行结束。读一读账本：每个代币花出去时都有触发条件吗？理由是新的吗？是不是只有真正做了决策才扣费？'
	}
};

/** The note for the phase a run is in, or null for a state without a known phase. */
export function noteFor(
	scenario: string,
	state: unknown,
	lang: NoteLang = 'en'
): { key: NoteKey; text: string } | null {
	const phase = (state as { phase?: unknown } | null)?.phase;
	if (typeof phase !== 'string') return null;
	const key = `${scenario}.${phase}`;
	const table = STEP_NOTES[lang];
	return Object.hasOwn(table, key) ? { key: key as NoteKey, text: table[key as NoteKey] } : null;
}
