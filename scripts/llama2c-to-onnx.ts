/**
 * `npx tsx scripts/llama2c-to-onnx.ts <checkpoint.bin> <tokenizer.bin> <out-folder>`: converts a
 * llama2.c checkpoint and tokenizer into a transformers.js model folder (see scripts/fixtures/llama2c.ts).
 * `npm run fixtures` does this for stories260K; this is for other llama2.c models.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { llama2cFiles } from './fixtures/llama2c';

const [checkpoint, tokenizer, out] = process.argv.slice(2);
if (!checkpoint || !tokenizer || !out) {
	console.error('usage: tsx scripts/llama2c-to-onnx.ts <checkpoint.bin> <tokenizer.bin> <out-folder>');
	process.exit(2);
}
for (const [name, content] of Object.entries(
	llama2cFiles(readFileSync(checkpoint), readFileSync(tokenizer))
)) {
	const path = join(out, name);
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, content);
}
console.log(`llama2c-to-onnx: wrote ${out}`);
