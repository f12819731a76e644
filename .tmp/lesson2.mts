import { createRunner } from '../src/lib/run/play';
const t = { drift: 0.1, penetration: 0.95, conversion: 0.4 };
for (const lang of ['en', 'zh'] as const)
  for (const seed of [1,2,3,4,5,6,7,8]) {
      const r = createRunner({ scenario: 'governance', seed, config: { policy: 'assigner-alone', thresholds: t, fuseRounds: 2, lang } });
      await r.run();
      const f = r.log.events.find((e) => e.kind === 'fuse.tripped');
      console.log(lang, seed, f ? (f.data as any).round : 'no');
    }
