/**
 * Golden logs (seed -> log hash), the resume test, and the seed's three anomalies: each appears in a
 * 30-day run with its legacy switch on and vanishes with it off.
 */
import { describe, expect, it } from 'vitest';
import { createRunner } from '../../run/play';
import { AUTONOMY_MINUTES, chainOf, ETERNAL_PENALTY_FILE, type AutonomyOutcome, type AutonomyState } from '.';

const run = async (seed: number, config: Record<string, unknown>, days = 30) => {
	const r = createRunner({ scenario: 'autonomy', seed, config: { days, ...config } });
	const out = (await r.run()) as AutonomyOutcome;
	return { r, out, s: r.state as AutonomyState };
};

const LEGACY = {
	legacyConsider: true,
	ignoreFingerprint: true,
	noStaleness: true,
	chargeTransportErrors: true
};

const golden = [
	{
		seed: 1,
		config: {},
		logHash: '8c63df9efe97be4d9d08b911dfbedefb864df4ece463f3a7d5eaf40e8f114c0e',
		events: 250
	},
	{
		seed: 2,
		config: LEGACY,
		logHash: '83568d90e247ec51efcfdd0d7ba719ac78c38925e67721fe18ae8b56aea5acdf',
		events: 393
	},
	{
		// A Chinese run: its words changed on purpose (issue 22) when "day", "review", "rollback",
		// "sibling", "autonomy", "head" and "cycle" left its texts; its decisions are seed 2's above.
		seed: 2,
		config: { ...LEGACY, lang: 'zh' },
		logHash: '9a9c8351b7259c17130e977fc67298972b493ff0098686dde6870a94c7813798',
		events: 393
	}
];

describe('golden autonomy logs', () => {
	for (const g of golden)
		it(`seed ${g.seed} ${JSON.stringify(g.config)} gives its pinned log`, async () => {
			const { r } = await run(g.seed, g.config);
			expect({ logHash: r.hash, events: r.log.length }).toEqual({ logHash: g.logHash, events: g.events });
		});
});

describe('resume', () => {
	it('resumed after any turn, finishes with the hash of the uninterrupted run', async () => {
		const setup = { scenario: 'autonomy', seed: 5, config: { days: 6, ...LEGACY } };
		const full = createRunner(setup);
		await full.run();
		const events = full.log.events;
		const cuts = events.map((_, i) => i).filter((i) => i === 0 || events[i]!.tick !== events[i - 1]!.tick);
		expect(cuts.length).toBeGreaterThan(30);
		for (const cut of [...cuts, events.length]) {
			const resumed = createRunner(setup, {
				resume: { header: full.log.header, events: events.slice(0, cut) }
			});
			await resumed.run();
			expect(resumed.hash, `cut at ${cut}`).toBe(full.hash);
		}
	});
});

describe('the seed’s anomalies, one switch at a time', () => {
	const seeds = [1, 2, 3, 4, 5];

	it('the backdoor: legacy consider() spends with no trigger after a merge, before the autonomy window', async () => {
		for (const seed of seeds) {
			const on = await run(seed, { legacyConsider: true });
			const backdoor = on.s.spends.filter((sp) => sp.outcome !== 'refused' && sp.triggers.length === 0);
			expect(on.out.spendsWithoutTrigger, `seed ${seed}`).toBeGreaterThan(0);
			expect(backdoor.every((sp) => sp.door === 'consider')).toBe(true);
			expect(
				backdoor.some((sp) => sp.wakeReason === 'repo-changed' && sp.minute % 1440 < AUTONOMY_MINUTES[0])
			).toBe(true);
			const off = await run(seed, {});
			expect(off.out.spendsWithoutTrigger, `seed ${seed}`).toBe(0);
			// Fixed, the same path is refused in words.
			expect(off.s.spends.some((sp) => sp.door === 'consider' && sp.refusal?.check === 'trigger')).toBe(true);
		}
	});

	it('the eternal reason: the same question about decrypto.js every day at 15:01 or 15:17, the same SKIP, about $0.08 a day', async () => {
		for (const seed of seeds) {
			const on = await run(seed, { ignoreFingerprint: true, noStaleness: true });
			const daily = on.s.spends.filter((sp) => sp.target === ETERNAL_PENALTY_FILE && sp.outcome === 'SKIP');
			expect(daily.length, `seed ${seed}`).toBeGreaterThanOrEqual(18);
			// The same triggers (one fingerprint) at the same minute, day after day.
			const byPrint = new Map<string, number>();
			for (const sp of daily) byPrint.set(sp.fingerprint, (byPrint.get(sp.fingerprint) ?? 0) + 1);
			expect(Math.max(...byPrint.values())).toBeGreaterThanOrEqual(12);
			expect(
				daily.filter((sp) => (AUTONOMY_MINUTES as readonly number[]).includes(sp.minute % 1440)).length
			).toBeGreaterThanOrEqual(15);
			expect(on.out.repeatedFingerprints).toBeGreaterThan(20);
			const off = await run(seed, {});
			expect(off.out.repeatedFingerprints, `seed ${seed}`).toBe(0);
		}
		// The money: a day of the eternal reason is two identical questions (15:01 and 15:17), about $0.08.
		const { s } = await run(1, { ignoreFingerprint: true, noStaleness: true, faultRate: 0 });
		const eternal = s.spends.filter((sp) => sp.repeated && sp.outcome === 'SKIP');
		const byDay = new Map<number, number>();
		for (const sp of eternal)
			byDay.set(Math.floor(sp.minute / 1440), (byDay.get(Math.floor(sp.minute / 1440)) ?? 0) + sp.tokens);
		const twoQuestionDays = [...byDay.entries()].filter(
			([d]) => eternal.filter((sp) => Math.floor(sp.minute / 1440) === d).length === 2
		);
		expect(twoQuestionDays.length).toBeGreaterThan(5);
		for (const [, tokens] of twoQuestionDays) {
			const dollars = (tokens * s.config.pricePer1k) / 1000;
			expect(dollars).toBeGreaterThan(0.07);
			expect(dollars).toBeLessThan(0.09);
		}
	});

	it('the charged 500: with the legacy switch a failed provider call is "deferred" and charged; fixed, it is refunded', async () => {
		for (const seed of seeds) {
			const on = await run(seed, { chargeTransportErrors: true });
			expect(on.out.transportFailuresCharged, `seed ${seed}`).toBeGreaterThan(0);
			expect(on.out.transportFailuresCharged).toBe(on.out.transportFailures);
			const off = await run(seed, {});
			expect(off.out.transportFailuresCharged, `seed ${seed}`).toBe(0);
			expect(
				off.s.spends
					.filter((sp) => sp.outcome === 'transport-failure')
					.every((sp) => sp.tokens === 0 && !sp.charged)
			).toBe(true);
		}
	});

	it('counts the same way whatever the switches: a repeat is counted even where the gate ignores fingerprints', async () => {
		const { out, s } = await run(3, { ignoreFingerprint: true, noStaleness: true });
		expect(out.repeatedFingerprints).toBe(
			s.spends.filter((sp) => sp.outcome !== 'refused' && sp.repeated).length
		);
	});

	it('a backdoor spend’s chain reads wake -> gate -> pipeline -> door -> checks -> call -> outcome', async () => {
		const { s } = await run(1, { legacyConsider: true });
		const sp = s.spends.find(
			(x) => x.outcome !== 'refused' && x.triggers.length === 0 && x.wakeReason === 'repo-changed'
		)!;
		const chain = chainOf(s, sp);
		expect(chain.map((c) => c.step)).toEqual([
			'wake',
			'gate',
			'pipeline',
			'door',
			'checks',
			'model call',
			'outcome'
		]);
		expect(chain[1]!.text).toMatch(/^wake gate: repo-changed \(head moved/);
		expect(chain[2]!.text).toMatch(/SKIP, confidence \d+ \(not sure\), so consider\(\) was asked/);
		expect(chain[4]!.text).toMatch(/never checked: trigger, fingerprint, per-file cooldown, spacing window/);
	});

	it('a wake with no trigger costs nothing and leaves a ledger line saying so', async () => {
		const { s } = await run(1, {}, 10);
		const idle = s.wakes.filter((w) => w.reason === 'none');
		expect(idle.length).toBeGreaterThan(0);
		expect(idle[0]!.note).toMatch(/time is not a reason/);
		expect(s.spends.some((sp) => idle.some((w) => w.id === sp.wake))).toBe(false);
	});
});
