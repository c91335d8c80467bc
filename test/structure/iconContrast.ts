/**
 * icon-contrast, our own check of n8n's newer rule: an SVG icon must stand out from the node's
 * background in the theme it is drawn for. The icon's best-contrasting paint counts, as WCAG's
 * contrast ratio; 1.5:1 is the rule's default minimum.
 */

export interface Rgb {
	r: number;
	g: number;
	b: number;
	alpha: number;
}

/** The node backgrounds of n8n's editor: white in the light theme, #2b2b2b in the dark one. */
export const BACKGROUNDS: Record<'light' | 'dark', Rgb> = {
	light: { r: 1, g: 1, b: 1, alpha: 1 },
	dark: { r: 43 / 255, g: 43 / 255, b: 43 / 255, alpha: 1 },
};

export const MINIMUM_CONTRAST = 1.5;

const BLACK: Rgb = { r: 0, g: 0, b: 0, alpha: 1 };
const NAMED: Record<string, Rgb> = { black: BLACK, white: { r: 1, g: 1, b: 1, alpha: 1 } };

/** A paint value as a colour; undefined for none, gradients and what this check does not read. */
export function parseColor(value: string): Rgb | undefined {
	const paint = value.trim().toLowerCase();
	if (paint === 'currentcolor') return BLACK;
	if (NAMED[paint]) return NAMED[paint];
	const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(paint)?.[1];
	if (hex) {
		const pairs =
			hex.length <= 4 ? [...hex].map((digit) => digit + digit) : (hex.match(/../g) ?? []);
		const [r, g, b, alpha = 1] = pairs.map((pair) => parseInt(pair, 16) / 255);
		return { r, g, b, alpha };
	}
	const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+))?\s*\)$/.exec(
		paint,
	);
	if (rgb) {
		const [, r, g, b, a] = rgb;
		return { r: Number(r) / 255, g: Number(g) / 255, b: Number(b) / 255, alpha: Number(a ?? 1) };
	}
	return undefined;
}

/** Every colour the SVG paints with (fill, stroke, stop-color; attributes and style); black when no fill is set. */
export function paintColors(svg: string): Rgb[] {
	const values = [
		...[...svg.matchAll(/\b(fill|stroke|stop-color)\s*=\s*["']([^"']+)["']/gi)].map((m) => [
			m[1],
			m[2],
		]),
		...[...svg.matchAll(/(?:^|[;{"'\s])(fill|stroke|stop-color)\s*:\s*([^;}"']+)/gi)].map((m) => [
			m[1],
			m[2],
		]),
	];
	const colors = values
		.map(([, value]) => parseColor(value))
		.filter((color): color is Rgb => color !== undefined);
	const setsFill = values.some(([property]) => property.toLowerCase() === 'fill');
	return setsFill ? colors : [...colors, BLACK];
}

function luminance({ r, g, b }: Rgb): number {
	const linear = (channel: number) =>
		channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
	return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast of a paint (blended over the background by its alpha) against the background. */
export function contrastRatio(paint: Rgb, background: Rgb): number {
	const blend = (front: number, back: number) => front * paint.alpha + back * (1 - paint.alpha);
	const shown = {
		r: blend(paint.r, background.r),
		g: blend(paint.g, background.g),
		b: blend(paint.b, background.b),
		alpha: 1,
	};
	const [light, dark] = [luminance(shown), luminance(background)].sort((x, y) => y - x);
	return (light + 0.05) / (dark + 0.05);
}

/** The icon's best contrast on a background: its most contrasting paint. */
export function iconContrast(svg: string, background: Rgb): number {
	return Math.max(...paintColors(svg).map((color) => contrastRatio(color, background)));
}
