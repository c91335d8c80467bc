/**
 * The n8n editor in Debian's chromium (playwright-core), shared by the editor and the screenshot
 * tests: n8n started as the cluster options say and a page on it, with the owner's sign-in through
 * the form, the node panel's close and a picture of each test's last state. Written against the
 * editor's test ids, not its labels, which change between versions.
 */
import { join } from 'node:path';

import { chromium, type Locator, type Page } from 'playwright-core';

import { CHROMIUM, OWNER } from '../../../runtime';
import {
	startN8n,
	type ClusterOptions,
	type N8nServer,
	type PreparedN8n,
} from '../../../harness/cluster';

export interface Editor {
	n8n: PreparedN8n;
	server: N8nServer;
	page: Page;
	byTestId(id: string): Locator;
	/** The value a parameter's input of the open panel shows. */
	inputValue(parameter: string): Promise<string>;
	/** The owner signs in through the form; resolves once the editor has left the sign-in page. */
	signIn(): Promise<void>;
	/** Back to the canvas: n8n 2.x's panel has a close button, 1.x's classic panel a back-to-canvas button. */
	closeNdv(): Promise<void>;
	/** Whatever state a test left, failed or not, a picture of it under `dir` (for afterEach). */
	keepLastState(dir: string): Promise<void>;
	/** Closes the browser and stops n8n. */
	close(): Promise<void>;
}

/** n8n started, and a headless chromium page `height` pixels high on it (not yet signed in). */
export async function openEditor(height: number, cluster: ClusterOptions = {}): Promise<Editor> {
	const { n8n, server } = await startN8n(cluster);
	try {
		const browser = await chromium.launch({
			executablePath: CHROMIUM,
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--no-first-run',
			],
		});
		const page = await browser.newPage({ viewport: { width: 1440, height } });
		// Waits for the editor only catch a hang: its first load compiles and serves megabytes of
		// scripts, slow on a loaded machine.
		page.setDefaultTimeout(60_000);
		page.setDefaultNavigationTimeout(120_000);
		const byTestId = (id: string) => page.locator(`[data-test-id="${id}"]`);
		return {
			n8n,
			server,
			page,
			byTestId,
			inputValue: async (parameter) =>
				await byTestId(`parameter-input-${parameter}`).locator('input').first().inputValue(),
			signIn: async () => {
				await page.goto(`${server.url}/signin`);
				await page
					.locator('input[type="email"], input[name="emailOrLdapLoginId"]')
					.first()
					.fill(OWNER.email);
				await page.locator('input[type="password"]').first().fill(OWNER.password);
				await page.keyboard.press('Enter');
				await page.waitForURL((url) => !url.pathname.includes('signin'));
			},
			closeNdv: async () => {
				await byTestId('ndv-close-button').or(byTestId('back-to-canvas')).first().click();
				await byTestId('ndv').waitFor({ state: 'hidden' });
			},
			keepLastState: async (dir) => {
				const name = expect.getState().currentTestName?.replace(/\W+/g, '-') ?? 'last';
				await page.screenshot({ path: join(dir, `${name}.png`) }).catch(() => undefined);
			},
			close: async () => {
				await browser.close();
				await n8n.cleanup();
			},
		};
	} catch (error) {
		await n8n.cleanup();
		throw error;
	}
}
