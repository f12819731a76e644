import { createRunner } from '../src/lib/run/play';
for (const [lang, seed] of [['en', 3], ['zh', 2]] as const)
  for (const t of [{ drift: 0.1, penetration: 0.95, conversion: 0.4 }, { drift: 0.05, penetration: 1, conversion: 0.3 }])
    for (const window of [3, 5, 10]) {
      const r = createRunner({ scenario: 'governance', seed, config: { policy: 'assigner-alone', thresholds: t, fuseRounds: 2, window, lang } });
      await r.run();
      const f = r.log.events.find((e) => e.kind === 'fuse.tripped');
      console.log(lang, seed, JSON.stringify(t), window, f ? (f.data as any).round : 'no');
    }
