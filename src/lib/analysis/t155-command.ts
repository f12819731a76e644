/**
 * The headless command for the page's T155 table (`npm run sim -- --eval t155`): the setup's config and
 * roles as sim's flags, so the command beside the table plays the same table. One function, read back
 * by its spec through sim's own parser (scripts/t155-command.spec.ts).
 */
import { DEFAULT_CONFIG } from '../scenarios/governance';
import type { ModelChoice } from '../engines/types';

const ROLE_NAME: Readonly<Record<string, string>> = { 1: 'assigner', 2: 'executor', 3: 'auditor' };

export interface T155CommandInput {
	/** The setup's serialized config (governance), or null while the form has an error. */
	config: Record<string, unknown> | null;
	/** Roles 1-3 as the setup names them (plain scripted roles may be left out). */
	seats: Readonly<Record<string, ModelChoice>>;
	/** Seeds 1 to N, or null while the seed count is not a number. */
	seeds: number | null;
}

export interface T155Command {
	text: string;
	/**
	 * What the command cannot carry, or null: sim gives every endpoint role the one `--base-url`, and
	 * never a key or a call deadline. The page shows this beside the command.
	 */
	missing: string | null;
}

const member = (c: ModelChoice) => `${c.engine}${c.model !== undefined ? `:${c.model}` : ''}`;

/** A value as one shell word: quoted when it holds anything but plain characters. */
const word = (v: string) => (/^[\w./:@%+=,-]+$/.test(v) ? v : `'${v.replaceAll("'", `'\\''`)}'`);

export function t155Command({ config, seats, seeds }: T155CommandInput): T155Command {
	const parts = ['npm run sim -- --scenario governance --eval t155', `--seeds ${seeds ?? 'N'}`];
	const missing: string[] = [];
	if (config) {
		parts.push(`--rounds ${config.rounds}`);
		// English is the serialized config's default: it names a language only when it is another.
		if (config.lang !== undefined) parts.push(`--lang ${config.lang}`);
		if (config.approval !== DEFAULT_CONFIG.approval) parts.push(`--approval ${config.approval}`);
		const t = (config.thresholds ?? {}) as Record<string, unknown>;
		for (const m of ['drift', 'penetration', 'conversion'] as const)
			if (t[m] !== undefined && t[m] !== DEFAULT_CONFIG.thresholds[m]) parts.push(`--${m}-threshold ${t[m]}`);
		const flags = [
			['window', 'window'],
			['fuseRounds', 'fuse-rounds'],
			['escalateAfter', 'escalate-after'],
			['fuseMode', 'fuse-mode']
		] as const;
		for (const [key, flag] of flags)
			if (config[key] !== undefined && config[key] !== DEFAULT_CONFIG[key])
				parts.push(`--${flag} ${word(String(config[key]))}`);
		if (typeof config.driftModel === 'string') parts.push(`--drift-model ${word(config.driftModel)}`);
		if (config.forceMetrics === true) missing.push('forceMetrics (a test knob sim has no flag for)');
	}
	const baseUrls = new Set<string>();
	for (const [seat, c] of Object.entries(seats)) {
		const role = ROLE_NAME[seat];
		if (!role) continue;
		if (c.engine === 'scripted') {
			if (c.model) parts.push(`--role ${role}=scripted:${word(c.model)}`);
			continue;
		}
		parts.push(`--role ${word(`${role}=${member(c)}${c.panel ? `+${member(c.panel)}` : ''}`)}`);
		for (const m of [c, ...(c.panel ? [c.panel] : [])]) {
			if (m.engine === 'openai' && m.baseUrl) baseUrls.add(m.baseUrl);
			if (m.deadlineS !== undefined) missing.push(`${role}'s call deadline (${m.deadlineS} s)`);
			if (m.device !== undefined) missing.push(`${role}'s device (${m.device})`);
		}
	}
	const [url, ...others] = [...baseUrls];
	if (url !== undefined) parts.push(`--base-url ${word(url)}`);
	if (others.length) missing.push(`more than one endpoint address (${others.join(', ')})`);
	return { text: parts.join(' '), missing: missing.length ? missing.join('; ') : null };
}
