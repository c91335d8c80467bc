/**
 * A multipart upload (multipart.ts's buildFileForm) reaches the service byte for byte, with the
 * file's name and type and only the text fields given. Through n8n-core to a scripted server.
 */
import { createHash } from 'node:crypto';

import { buildFileForm } from '../../nodes/shared/transport';
import { send, server, useScriptedTransport } from './scriptedTransport';

useScriptedTransport();

describe('multipart uploads', () => {
	it('delivers the file byte for byte with its name and type', async () => {
		const bytes = Buffer.concat([
			Buffer.from('%PDF-1.4\n'),
			Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 256)),
		]);
		const form = buildFileForm(
			{ name: 'Handbook', type: 'pdf', description: undefined },
			{
				field: 'file',
				binary: { data: '', mimeType: 'application/pdf', fileName: 'handbook.pdf' },
				buffer: bytes,
			},
		);
		await send({ method: 'POST', path: '/api/user/knowledgebases/1/documents', body: form });
		const [request] = server.requests;
		const boundary = /boundary=(.+)$/.exec(String(request.headers['content-type']))?.[1];
		expect(boundary).toBeDefined();
		const raw = request.body;
		const fileHeaderEnd = raw.indexOf('\r\n\r\n', raw.indexOf('filename="handbook.pdf"')) + 4;
		const fileEnd = raw.indexOf(Buffer.from(`\r\n--${boundary}`), fileHeaderEnd);
		const received = raw.subarray(fileHeaderEnd, fileEnd);
		expect(createHash('sha256').update(received).digest('hex')).toBe(
			createHash('sha256').update(bytes).digest('hex'),
		);
		expect(raw.toString('latin1')).toContain('Content-Type: application/pdf');
		expect(raw.toString('latin1')).toContain('name="name"\r\n\r\nHandbook');
		expect(raw.toString('latin1')).not.toContain('name="description"');
	});
});
