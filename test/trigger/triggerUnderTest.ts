/** A trigger node under test: n8n-core's harness with the URLs n8n gives it on the receiver. */
import type { IDataObject } from 'n8n-workflow';

import type { TriggerHarness } from '../../harness/engine';

export interface TriggerUnderTest extends TriggerHarness {
	/** The production URL n8n registers (on the receiver). */
	productionUrl: string;
	/** The test URL ("listen for test event"). */
	testUrl: string;
	/** Switches the harness to test-webhook mode (webhookData.isTest). */
	useTestUrl(): void;
	nodeStaticData(): IDataObject;
	/** The webhook secret the trigger keeps in its static data. */
	secret(): string;
	/** The URL the trigger registers on the assistant: its production (or test) URL, signed. */
	signedUrl(which?: 'production' | 'test'): string;
}

/** Gives `harness` its production and test URLs of `webhookId` on the receiver at `receiverUrl`. */
export function triggerUnderTest(
	harness: TriggerHarness,
	receiverUrl: string,
	webhookId: string,
): TriggerUnderTest {
	const productionUrl = `${receiverUrl}/webhook/${webhookId}/webhook`;
	const testUrl = `${receiverUrl}/webhook-test/${webhookId}/webhook`;
	// The same additionalData object backs the harness's HookContext and WebhookContext.
	Object.assign(harness.webhookData.workflowExecuteAdditionalData, {
		webhookBaseUrl: `${receiverUrl}/webhook`,
		webhookTestBaseUrl: `${receiverUrl}/webhook-test`,
	});
	const nodeStaticData = () =>
		(harness.workflow.staticData[`node:${harness.node.name}`] ?? {}) as IDataObject;
	const secret = () => nodeStaticData().webhookSecret as string;
	return Object.assign(harness, {
		webhookUrl: productionUrl,
		productionUrl,
		testUrl,
		useTestUrl() {
			(harness.webhookData as { isTest?: boolean }).isTest = true;
		},
		nodeStaticData,
		secret,
		signedUrl: (which: 'production' | 'test' = 'production') =>
			`${which === 'test' ? testUrl : productionUrl}?secret=${secret()}`,
	});
}
