/**
 * Documents leave `processing` after a delay on the sandbox clock (`documentProcessingMs`, 2000 by
 * default); `/__sandbox/document-processing` changes the delay and makes the next documents fail, for
 * documents created from then on, until a reset.
 */
import { SEED } from '../../sandbox';
import { expectAnswer, expectInvalidFields, useSandbox } from './helpers';

const kb = SEED.alice.knowledgeBaseId;
const docs = `/api/user/knowledgebases/${kb}/documents`;

const c = useSandbox({ documentProcessingMs: 2000 });

async function create(name: string): Promise<number> {
	const r = await c.post(docs, { name, type: 'website', url: 'https://example.com' });
	expect(r.status).toBe(201);
	return r.json.data.id;
}

const statusOf = async (id: number) => (await c.get(`${docs}/${id}`)).json.data.status;

describe('document processing control', () => {
	it('shows the started options: the delay and no document set to fail', async () => {
		const r = await c.ctl('GET', '/document-processing');
		expectAnswer(r, 200, { delayMs: 2000, failNext: 0 });
	});

	it('a new delay applies to documents created after it; those created before keep theirs', async () => {
		const before = await create('Vorher');
		expect((await c.ctl('PUT', '/document-processing', { delayMs: 10_000 })).json).toEqual({
			delayMs: 10_000,
			failNext: 0,
		});
		const after = await create('Nachher');
		await c.advance(2000);
		expect(await statusOf(before)).toBe('active');
		expect(await statusOf(after)).toBe('processing');
		await c.advance(7999);
		expect(await statusOf(after)).toBe('processing');
		await c.advance(1);
		expect(await statusOf(after)).toBe('active');
	});

	it('failNext makes that many of the next documents end "failed" after the delay, then they succeed again', async () => {
		expect((await c.ctl('PUT', '/document-processing', { failNext: 2 })).json).toEqual({
			delayMs: 2000,
			failNext: 2,
		});
		const ids = [await create('Eins'), await create('Zwei'), await create('Drei')];
		expect((await c.ctl('GET', '/document-processing')).json.failNext).toBe(0);
		expect(await Promise.all(ids.map(statusOf))).toEqual([
			'processing',
			'processing',
			'processing',
		]);
		await c.advance(2000);
		expect(await Promise.all(ids.map(statusOf))).toEqual(['failed', 'failed', 'active']);
		expect((await c.get(`${docs}/${ids[0]}`)).json.data.status_label).toBe('Failed');
	});

	it('a reset restores the started options', async () => {
		await c.ctl('PUT', '/document-processing', { delayMs: 0, failNext: 3 });
		await c.ctl('POST', '/reset');
		expect((await c.ctl('GET', '/document-processing')).json).toEqual({
			delayMs: 2000,
			failNext: 0,
		});
	});

	it("refuses values out of range with the validator's 422 and changes nothing", async () => {
		const r = await c.ctl('PUT', '/document-processing', { delayMs: -1, failNext: 'one' });
		expectInvalidFields(r, ['delayMs', 'failNext']);
		expect((await c.ctl('GET', '/document-processing')).json).toEqual({
			delayMs: 2000,
			failNext: 0,
		});
	});

	it('needs the control token', async () => {
		const r = await c.req('GET', '/__sandbox/document-processing', { as: 'alice' });
		expect(r.status).toBe(401);
	});
});
