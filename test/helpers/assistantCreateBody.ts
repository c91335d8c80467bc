/**
 * The fields an assistant create of the older (seed) generation requires, with values the sandbox's
 * catalogues hold; the name and the system prompt are each suite's own.
 */
export const seedAssistantCreateBody = (assistant_name: string, system_prompt: string) => ({
	assistant_name,
	voice_id: 1001,
	language: 'German',
	llm_model: 'gpt-4o',
	calls_direction: 'make',
	engine_type: 'pipeline',
	timezone: 'Europe/Berlin',
	initial_message: 'Hallo!',
	system_prompt,
});
