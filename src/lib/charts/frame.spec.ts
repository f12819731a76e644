// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appendChartSvg, chartLifecycle, drawAside, widthFor } from './frame';

/** jsdom has no ResizeObserver: a stand-in that lets the test fire the callback by hand. */
class FakeObserver {
	static last: FakeObserver | null = null;
	observed: Element[] = [];
	disconnected = false;
	constructor(readonly callback: () => void) {
		FakeObserver.last = this;
	}
	observe(el: Element): void {
		this.observed.push(el);
	}
	disconnect(): void {
		this.disconnected = true;
	}
}

function setup(width: number) {
	const el = document.createElement('div');
	document.body.append(el);
	let w = width;
	Object.defineProperty(el, 'clientWidth', { get: () => w });
	const view = el.ownerDocument.defaultView as unknown as { ResizeObserver?: unknown };
	view.ResizeObserver = FakeObserver;
	const render = vi.fn<(data: string, measured: number) => void>();
	const svg = appendChartSvg(el, { className: 'test-chart', role: 'img' });
	const chart = chartLifecycle(el, svg, { measure: (box) => widthFor(box, 300, 1000), render });
	return {
		el,
		render,
		chart,
		resize: (next: number) => ((w = next), FakeObserver.last?.callback()),
		/** The window resizes while the container's own resize is not observed (a skipped panel). */
		resizeWindow: (next: number) => ((w = next), window.dispatchEvent(new Event('resize')))
	};
}

afterEach(() => {
	delete (window as unknown as { ResizeObserver?: unknown }).ResizeObserver;
	FakeObserver.last = null;
	document.body.innerHTML = '';
});

describe('chartLifecycle', () => {
	it('renders each update with the measure taken at creation', () => {
		const { el, render, chart } = setup(640);
		expect(FakeObserver.last?.observed).toEqual([el]);
		chart.update('a');
		expect(render).toHaveBeenLastCalledWith('a', 640);
	});

	it('redraws the last data only when the measure changes', () => {
		const { render, chart, resize } = setup(640);
		resize(700);
		expect(render).not.toHaveBeenCalled();
		chart.update('a');
		resize(700);
		expect(render).toHaveBeenCalledTimes(1);
		resize(200);
		expect(render).toHaveBeenLastCalledWith('a', 300);
		expect(render).toHaveBeenCalledTimes(2);
	});

	it('removes the svg, disconnects and ignores later updates and resizes after destroy', () => {
		const { el, render, chart, resize } = setup(0);
		chart.update('a');
		expect(render).toHaveBeenLastCalledWith('a', 1000);
		chart.destroy();
		expect(el.innerHTML).toBe('');
		expect(FakeObserver.last?.disconnected).toBe(true);
		chart.update('b');
		resize(500);
		expect(render).toHaveBeenCalledTimes(1);
	});

	it('redraws for the new width when the window resizes, though its own resize is not observed', () => {
		// A panel with `content-visibility: auto` out of sight is not laid out, so the ResizeObserver
		// stays silent until it scrolls into view; the window's resize event reaches it regardless.
		const { render, chart, resizeWindow } = setup(1200);
		chart.update('a');
		resizeWindow(360);
		expect(render).toHaveBeenLastCalledWith('a', 360);
		resizeWindow(360);
		expect(render).toHaveBeenCalledTimes(2);
		chart.destroy();
		resizeWindow(800);
		expect(render).toHaveBeenCalledTimes(2);
	});
});

describe('drawAside', () => {
	it('draws with the svg out of the document when asked, and puts it back where it was', () => {
		const el = document.createElement('div');
		document.body.append(el);
		const svg = appendChartSvg(el, { className: 'aside-chart', role: 'img' });
		el.append(document.createElement('p'));
		const connected: boolean[] = [];
		drawAside(svg, true, () => connected.push(svg.node()!.isConnected));
		drawAside(svg, false, () => connected.push(svg.node()!.isConnected));
		expect(connected).toEqual([false, true]);
		expect(el.firstElementChild).toBe(svg.node());
		// A draw that throws still leaves the svg in place.
		expect(() =>
			drawAside(svg, true, () => {
				throw new Error('broken');
			})
		).toThrow('broken');
		expect(el.firstElementChild).toBe(svg.node());
		el.remove();
	});
});
