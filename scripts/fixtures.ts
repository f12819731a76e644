/**
 * `npm run fixtures`: generates the tiny test models (tests/fixtures/models/tiny-chat, tiny-embed)
 * from the committed corpus, without downloading anything. See scripts/fixtures/index.ts.
 */
import { relative } from 'node:path';
import { CHAT_MODEL, EMBED_MODEL, ROOT, STORY_MODEL, generateFixtures } from './fixtures/index';

const r = generateFixtures();
const what = r.written === 0 ? 'up to date' : `wrote ${r.written} of ${r.files} files`;
console.log(
	`fixtures: ${CHAT_MODEL} + ${EMBED_MODEL} + ${STORY_MODEL} in ${relative(ROOT, r.dir)}: ${what} ` +
		`(${(r.bytes / 1e6).toFixed(1)} MB) in ${Math.round(r.ms)} ms`
);
