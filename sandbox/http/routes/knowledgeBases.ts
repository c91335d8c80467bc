/** Knowledge bases and their documents (create by URL/links or multipart upload; processing runs on the clock). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
	contentMatchesType,
	MAX_FILE_BYTES,
	sha256,
	UploadedFile,
} from '../../domain/knowledgeBases/documentFiles';
import { startProcessing } from '../../domain/knowledgeBases/documentProcessing';
import { readUpload } from '../multipartUpload';
import { documentRecord, kbRecord } from '../../domain/knowledgeBases/knowledgeBaseRecords';
import { requestContext, UploadSummary, userOf } from '../context';
import {
	Body,
	addError,
	checkValue,
	Errors,
	hasErrors,
	isPlainObject,
	isValidUrl,
	validate,
} from '../../domain/validation';
import { body, params } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import type { DocumentRec, KnowledgeBase } from '../../model/knowledgeBases';
import type { User } from '../../model/accounts';
import { recordById } from '../../domain/tenancy';

function kbNotFound(reply: FastifyReply): FastifyReply {
	return send(reply, 404, { error: 'Knowledgebase not found.' });
}

/** A website document's url / links / relative_links_limit (at least one of url and links). */
function websiteSource(
	b: Body,
	errors: Errors,
): { url: string | null; links: string[] | null; limit: number } {
	let url: string | null = null;
	let links: string[] | null = null;
	const hasUrl = b.url !== undefined && b.url !== null && b.url !== '';
	const hasLinks = Array.isArray(b.links)
		? b.links.length > 0
		: b.links !== undefined && b.links !== null;
	if (!hasUrl && !hasLinks) {
		addError(errors, 'url', 'The url field is required when links is not present.');
		addError(errors, 'links', 'The links field is required when url is not present.');
	}
	if (hasUrl) {
		if (!isValidUrl(b.url)) addError(errors, 'url', 'The url must be a valid URL.');
		else url = b.url as string;
	}
	if (hasLinks) {
		if (!Array.isArray(b.links)) addError(errors, 'links', 'The links must be an array.');
		else {
			const valid: string[] = [];
			links = valid;
			b.links.forEach((l: unknown, i: number) => {
				const v = isPlainObject(l) ? l.link : l;
				if (!isValidUrl(v)) addError(errors, `links.${i}`, `The links.${i} must be a valid URL.`);
				else valid.push(v as string);
			});
		}
	}
	const e = checkValue(
		'relative_links_limit',
		b.relative_links_limit,
		['nullable', 'integer', 'between:1,50'],
		b.relative_links_limit !== undefined,
	);
	if (e) addError(errors, 'relative_links_limit', e);
	const limit = typeof b.relative_links_limit === 'number' && !e ? b.relative_links_limit : 10;
	return { url, links, limit };
}

function checkFile(
	file: UploadedFile | undefined,
	type: DocumentRec['type'],
	errors: Errors,
): void {
	if (!file) addError(errors, 'file', 'A file is required for this document type.');
	else if (file.truncated || file.buf.length > MAX_FILE_BYTES)
		addError(errors, 'file', 'The file may not be greater than 20480 kilobytes.');
	else if (file.buf.length > 0 && !contentMatchesType(file.buf, type))
		addError(errors, 'file', `The file must be a file of type: ${type}.`);
}

export function registerKnowledgeBaseRoutes(app: FastifyInstance, sb: Sandbox): void {
	const deleteDocument = (doc: DocumentRec): void => {
		doc.cancel?.();
		sb.state.documents.delete(doc.id);
	};
	/** The owned knowledge base's document, or the 404 the service answers. */
	const ownedDocument = (req: FastifyRequest, reply: FastifyReply): DocumentRec | undefined => {
		const kb = ownedKb(userOf(req), params(req).kb);
		if (!kb) {
			kbNotFound(reply);
			return undefined;
		}
		const d = recordById(sb.state.documents, params(req).doc);
		if (!d || d.knowledgebase_id !== kb.id) {
			send(reply, 404, { error: 'Document not found.' });
			return undefined;
		}
		return d;
	};
	const ownedKb = (user: User, id: unknown): KnowledgeBase | undefined => {
		const kb = recordById(sb.state.knowledgeBases, id);
		return kb && kb.user_id === user.id ? kb : undefined;
	};

	app.get('/api/user/knowledgebases', async (req, reply) => {
		const user = userOf(req);
		const data = [...sb.state.knowledgeBases.values()]
			.filter((k) => k.user_id === user.id)
			.map((k) => kbRecord(sb.state, k, true));
		return send(reply, 200, { data });
	});

	app.post('/api/user/knowledgebases', async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		const errors = validate(b, {
			name: ['required', 'string', 'max:255'],
			description: ['nullable', 'string', 'max:255'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		const now = sb.now();
		const kb: KnowledgeBase = {
			id: sb.state.id(),
			user_id: user.id,
			name: b.name as string,
			description: (b.description ?? null) as string,
			created_at: now,
			updated_at: now,
		};
		sb.state.knowledgeBases.set(kb.id, kb);
		return send(reply, 201, {
			message: 'Knowledgebase created successfully.',
			data: kbRecord(sb.state, kb, false),
		});
	});

	/** Deletes its documents too; assistants using it lose the reference. */
	app.delete('/api/user/knowledgebases/:id', async (req, reply) => {
		const kb = ownedKb(userOf(req), params(req).id);
		if (!kb) return kbNotFound(reply);
		for (const doc of [...sb.state.documents.values()])
			if (doc.knowledgebase_id === kb.id) deleteDocument(doc);
		for (const assistant of sb.state.assistants.values())
			if (assistant.knowledgebase_id === kb.id) assistant.knowledgebase_id = null;
		sb.state.knowledgeBases.delete(kb.id);
		return send(reply, 200, { message: 'Knowledgebase deleted successfully.' });
	});

	app.get('/api/user/knowledgebases/:id', async (req, reply) => {
		const kb = ownedKb(userOf(req), params(req).id);
		if (!kb) return kbNotFound(reply);
		return send(reply, 200, { data: kbRecord(sb.state, kb, true) });
	});

	app.put('/api/user/knowledgebases/:id', async (req, reply) => {
		const kb = ownedKb(userOf(req), params(req).id);
		if (!kb) return kbNotFound(reply);
		const b = body(req);
		const errors = validate(b, {
			name: ['string', 'max:255'],
			description: ['nullable', 'string', 'max:255'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		if (typeof b.name === 'string') kb.name = b.name;
		if (b.description !== undefined) kb.description = (b.description ?? '') as string;
		kb.updated_at = sb.now();
		const rec = kbRecord(sb.state, kb, false);
		return send(reply, 200, {
			message: 'Knowledgebase updated successfully.',
			data: {
				id: rec.id,
				name: rec.name,
				description: rec.description,
				status: rec.status,
				status_label: rec.status_label,
				updated_at: rec.updated_at,
			},
		});
	});

	app.get('/api/user/knowledgebases/:kb/documents', async (req, reply) => {
		const kb = ownedKb(userOf(req), params(req).kb);
		if (!kb) return kbNotFound(reply);
		const data = [...sb.state.documents.values()]
			.filter((d) => d.knowledgebase_id === kb.id)
			.sort((x, y) => x.id - y.id)
			.map(documentRecord);
		return send(reply, 200, { data });
	});

	app.get('/api/user/knowledgebases/:kb/documents/:doc', async (req, reply) => {
		const d = ownedDocument(req, reply);
		if (!d) return reply;
		return send(reply, 200, { data: documentRecord(d) });
	});

	/** Name and description only; type and content cannot change. */
	app.put('/api/user/knowledgebases/:kb/documents/:doc', async (req, reply) => {
		const d = ownedDocument(req, reply);
		if (!d) return reply;
		const b = body(req);
		const errors = validate(b, {
			name: ['string', 'max:255'],
			description: ['nullable', 'string', 'max:255'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		if (typeof b.name === 'string') d.name = b.name;
		if (b.description !== undefined) d.description = (b.description ?? null) as string | null;
		d.updated_at = sb.now();
		const rec = documentRecord(d);
		delete rec.created_at;
		return send(reply, 200, { message: 'Document updated successfully.', data: rec });
	});

	/** The parent's status is recomputed from the documents left (empty after the last one). */
	app.delete('/api/user/knowledgebases/:kb/documents/:doc', async (req, reply) => {
		const d = ownedDocument(req, reply);
		if (!d) return reply;
		deleteDocument(d);
		return send(reply, 200, { message: 'Document deleted successfully.' });
	});

	app.post('/api/user/knowledgebases/:kb/documents', async (req, reply) => {
		const user = userOf(req);
		const kb = ownedKb(user, params(req).kb);
		let b: Body;
		let file: UploadedFile | undefined;
		if (req.isMultipart()) {
			const summary: UploadSummary = { fields: {}, files: [] };
			requestContext(req).multipart = summary;
			({ fields: b, file } = await readUpload(req, summary));
			if (typeof b.relative_links_limit === 'string' && /^-?\d+$/.test(b.relative_links_limit))
				b.relative_links_limit = Number(b.relative_links_limit);
			if (b.file === undefined && file) b.file = '(file)';
		} else {
			b = body(req);
		}
		if (!kb) return kbNotFound(reply);
		const errors = validate(b, {
			name: ['required', 'string', 'max:255'],
			description: ['nullable', 'string', 'max:255'],
			type: ['required', 'string', 'in:website,pdf,txt,docx'],
		});
		const type = errors.type ? undefined : (b.type as DocumentRec['type']);
		let source: { url: string | null; links: string[] | null; limit: number | null } = {
			url: null,
			links: null,
			limit: null,
		};
		if (type === 'website') source = websiteSource(b, errors);
		else if (type) checkFile(file, type, errors);
		if (hasErrors(errors)) return laravel422(reply, errors);
		const now = sb.now();
		const doc: DocumentRec = {
			id: sb.state.id(),
			knowledgebase_id: kb.id,
			name: b.name as string,
			description: (b.description ?? null) as string | null,
			type: type!,
			status: 'processing',
			url: source.url,
			links: source.links,
			relative_links_limit: type === 'website' ? source.limit : null,
			file: file
				? {
						filename: file.filename,
						mimetype: file.mimetype,
						size: file.buf.length,
						sha256: sha256(file.buf),
					}
				: null,
			failOnProcessing: file !== undefined && file.buf.length === 0,
			created_at: now,
			updated_at: now,
		};
		sb.state.documents.set(doc.id, doc);
		startProcessing(sb, doc);
		const rec = documentRecord(doc);
		delete rec.updated_at;
		return send(reply, 201, {
			message: 'Document created successfully. Processing will begin shortly.',
			data: rec,
		});
	});
}
