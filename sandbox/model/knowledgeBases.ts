/** Knowledge bases and their documents. */
export interface KnowledgeBase {
	id: number;
	user_id: number;
	name: string;
	description: string;
	created_at: number;
	updated_at: number;
}

export interface DocumentRec {
	id: number;
	knowledgebase_id: number;
	name: string;
	description: string | null;
	type: 'website' | 'pdf' | 'txt' | 'docx';
	status: 'processing' | 'active' | 'failed';
	url: string | null;
	links: string[] | null;
	relative_links_limit: number | null;
	file: { filename: string; mimetype: string; size: number; sha256: string } | null;
	failOnProcessing: boolean;
	created_at: number;
	updated_at: number;
	cancel?: () => void;
}
