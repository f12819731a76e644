import type { GpuCaps } from './gpu';

/**
 * What Chromium's SwiftShader adapter reports (tests/e2e/webgpu.e2e.ts): a software adapter, no
 * shader-f16, a 1 GiB buffer. For specs of what the page offers or asks on such a device.
 */
export const SWIFTSHADER_CAPS: GpuCaps = {
	webgpu: true,
	adapter: true,
	shaderF16: false,
	isFallbackAdapter: true,
	maxBufferBytes: 2 ** 30,
	limits: { maxStorageBufferBindingSize: 2 ** 30 }
};
