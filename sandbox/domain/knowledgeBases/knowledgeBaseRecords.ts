/** Knowledge bases (with the status their documents give them) and documents in the shapes the service returns. */
import type { DocumentRec, KnowledgeBase } from '../../model/knowledgeBases';
import type { State } from '../../model/store';
import { iso6 } from '../formats';

const STATUS_LABEL: Record<string, string> = {
	empty: 'Empty',
	processing: 'Processing',
	active: 'Active',
	failed: 'Failed',
};
const TYPE_LABEL: Record<string, string> = {
	website: 'Website',
	pdf: 'PDF',
	txt: 'Text',
	docx: 'Word',
};

export function kbStatus(s: State, kb: KnowledgeBase): string {
	const docs = [...s.documents.values()].filter((d) => d.knowledgebase_id === kb.id);
	if (docs.length === 0) return 'empty';
	if (docs.some((d) => d.status === 'processing')) return 'processing';
	if (docs.some((d) => d.status === 'active')) return 'active';
	return 'failed';
}

export function kbRecord(
	s: State,
	kb: KnowledgeBase,
	withCounts: boolean,
): Record<string, unknown> {
	const status = kbStatus(s, kb);
	const out: Record<string, unknown> = {
		id: kb.id,
		name: kb.name,
		description: kb.description,
		status,
		status_label: STATUS_LABEL[status],
	};
	if (withCounts) {
		out.documents_count = [...s.documents.values()].filter(
			(d) => d.knowledgebase_id === kb.id,
		).length;
		out.assistants_count = [...s.assistants.values()].filter(
			(a) => a.knowledgebase_id === kb.id,
		).length;
	}
	out.created_at = iso6(kb.created_at);
	out.updated_at = iso6(kb.updated_at);
	return out;
}

export function documentRecord(d: DocumentRec): Record<string, unknown> {
	return {
		id: d.id,
		name: d.name,
		description: d.description,
		type: d.type,
		type_label: TYPE_LABEL[d.type],
		status: d.status,
		status_label: STATUS_LABEL[d.status],
		created_at: iso6(d.created_at),
		updated_at: iso6(d.updated_at),
	};
}
