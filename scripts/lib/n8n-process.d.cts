import type { ChildProcess } from 'node:child_process';

export declare const OWNER: { email: string; firstName: string; lastName: string; password: string };
export declare function freePort(): Promise<number>;
export declare function stopProcessGroup(child: ChildProcess | undefined, timeoutMs?: number): Promise<void>;
export declare function startN8nProcess(
	bin: string,
	env: NodeJS.ProcessEnv,
	options?: { onOutput?: (text: string) => void; timeoutMs?: number },
): Promise<{ child: ChildProcess; url: string; output(): string }>;
export declare function ensureOwnerAndLogin(url: string, owner?: typeof OWNER): Promise<string>;
