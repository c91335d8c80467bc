/** The in-process engine's fixtures: our node types, the credential helper, and nodes, workflows and additional data built as n8n builds them. */
import { mock } from 'jest-mock-extended';
import { ExecutionLifecycleHooks } from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentials,
	type IDataObject,
	type IHttpRequestOptions,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
	type INodeTypeData,
	type INodeTypeDescription,
	type INodeTypes,
	type IVersionedNodeType,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { FamulorAiApi } from '../credentials/FamulorAiApi.credentials';
import { Famulor } from '../nodes/Famulor/Famulor.node';
import { FamulorPollTrigger } from '../nodes/FamulorPollTrigger/FamulorPollTrigger.node';
import { FamulorTrigger } from '../nodes/FamulorTrigger/FamulorTrigger.node';
import { CREDENTIAL_TYPE, type FamulorCredentials } from '../nodes/shared/transport';

export const ACTION_NODE_TYPE = 'n8n-nodes-famulor-ai.famulor';
export const TRIGGER_NODE_TYPE = 'n8n-nodes-famulor-ai.famulorTrigger';
export const POLL_TRIGGER_NODE_TYPE = 'n8n-nodes-famulor-ai.famulorPollTrigger';

/** The credential's data as the node reads it, always pointing at a sandbox or scripted server. */
export interface TestCredentials extends FamulorCredentials {
	baseUrl: string;
}

class TestNodeTypes implements INodeTypes {
	private readonly types: INodeTypeData = {
		[ACTION_NODE_TYPE]: { type: new Famulor(), sourcePath: '' },
		[TRIGGER_NODE_TYPE]: { type: new FamulorTrigger(), sourcePath: '' },
		[POLL_TRIGGER_NODE_TYPE]: { type: new FamulorPollTrigger(), sourcePath: '' },
	};

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		return this.types[nodeType].type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.types[nodeType].type, version);
	}

	getKnownTypes() {
		return {};
	}
}

/** Authenticates requests with the credential's own `authenticate`, as n8n's CredentialsHelper does. */
class TestCredentialsHelper extends ICredentialsHelper {
	private readonly credentialType = new FamulorAiApi();

	constructor(private readonly data: TestCredentials) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		_typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return await this.credentialType.authenticate(credentials, requestOptions);
	}

	async preAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used in tests');
	}

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		return { ...this.data } as unknown as ICredentialDataDecryptedObject;
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(): INodeProperties[] {
		return this.credentialType.properties;
	}
}

export const nodeTypes = new TestNodeTypes();

/** The action node's description in one version (1 unless given), as n8n shows it. */
export function actionNodeDescription(version = 1): INodeTypeDescription {
	return nodeTypes.getByNameAndVersion(ACTION_NODE_TYPE, version).description;
}

export function makeNode(
	type: string,
	parameters: INodeParameters,
	extra: Partial<INode> = {},
): INode {
	return {
		id: 'node-under-test',
		name: 'Famulor',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'Famulor sandbox' } },
		...extra,
	};
}

export function makeWorkflow(nodes: INode[], staticData: IDataObject = {}): Workflow {
	return new Workflow({
		id: 'wf-test',
		nodes,
		connections: {},
		active: false,
		nodeTypes,
		staticData,
	});
}

export function makeAdditionalData(
	credentials: TestCredentials,
	hooks?: ExecutionLifecycleHooks,
	executionId = 'test-execution',
): IWorkflowExecuteAdditionalData {
	// What a test does not set (any hook or method n8n-core may call) the mock answers with a jest.fn.
	// The mock is the prototype, and the fields are the object's own: its proxy makes a new jest.fn on
	// every read, which for the fields n8n-core reads on every request (executionId, credentialsHelper)
	// cost as much CPU as the requests themselves in a large run.
	const fields: Partial<IWorkflowExecuteAdditionalData> = {
		credentialsHelper: new TestCredentialsHelper(credentials),
		hooks,
		executionId,
		restApiUrl: 'http://localhost:5678/rest',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		variables: {},
		currentNodeExecutionIndex: 0,
		// Set only for the editor's calls (runLoadMethodOf); an execution reads the node's parameters.
		currentNodeParameters: undefined,
	};
	const additionalData = Object.setPrototypeOf(
		fields,
		mock<IWorkflowExecuteAdditionalData>(),
	) as IWorkflowExecuteAdditionalData;
	return additionalData;
}
