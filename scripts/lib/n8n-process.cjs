// Running an n8n server process, shared by `npm start` (ESM scripts) and the end-to-end tests (jest,
// CommonJS): CommonJS so that both can load it. Types: n8n-process.d.cts.
'use strict';

const { spawn } = require('node:child_process');
const { createServer } = require('node:net');

/** The owner account `npm start` and the tests create on a fresh n8n. */
const OWNER = { email: 'owner@famulor-demo.dev', firstName: 'Demo', lastName: 'Owner', password: 'FamulorDemo2026' };

/** A free TCP port on the loopback interface. */
async function freePort() {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

/** Stops a detached child and its whole process group (n8n starts a task runner); resolves when it has exited. */
async function stopProcessGroup(child, timeoutMs = 15_000) {
	if (!child || child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	const pid = child.pid;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	const signal = (sig) => {
		try {
			process.kill(-pid, sig);
		} catch {
			// already gone
		}
	};
	signal('SIGTERM');
	const timer = setTimeout(() => signal('SIGKILL'), timeoutMs);
	await exited;
	clearTimeout(timer);
	// The group may outlive its leader for a moment (the task runner): make sure it is gone.
	signal('SIGKILL');
}

/** Starts `<bin> start` in its own process group; resolves when the REST API answers. */
async function startN8nProcess(bin, env, { onOutput, timeoutMs = 120_000 } = {}) {
	const child = spawn(bin, ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
	let output = '';
	const collect = (chunk) => {
		output += chunk;
		if (output.length > 400_000) output = output.slice(-200_000);
		if (onOutput) onOutput(String(chunk));
	};
	child.stdout.on('data', collect);
	child.stderr.on('data', collect);
	const url = `http://127.0.0.1:${env.N8N_PORT}`;
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`n8n start exited with ${child.exitCode}\n${output}`);
		try {
			const res = await fetch(`${url}/rest/settings`);
			if (res.ok) return { child, url, output: () => output };
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	await stopProcessGroup(child);
	throw new Error(`n8n did not answer on ${url} within ${timeoutMs / 1000} s\n${output}`);
}

/** Creates the owner account on a fresh instance (n8n 2.8.4: POST /rest/owner/setup), then logs in; returns the auth cookie. */
async function ensureOwnerAndLogin(url, owner = OWNER) {
	const settings = await (await fetch(`${url}/rest/settings`)).json();
	if (settings.data && settings.data.userManagement && settings.data.userManagement.showSetupOnFirstLoad) {
		const res = await fetch(`${url}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(owner),
		});
		if (!res.ok) throw new Error(`owner setup failed: ${res.status} ${await res.text()}`);
	}
	const res = await fetch(`${url}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
	});
	if (!res.ok) throw new Error(`login as ${owner.email} failed: ${res.status} ${await res.text()}`);
	const cookie = res.headers
		.getSetCookie()
		.map((line) => line.split(';')[0])
		.find((pair) => pair.startsWith('n8n-auth='));
	if (!cookie) throw new Error('login returned no n8n-auth cookie');
	return cookie;
}

module.exports = { OWNER, freePort, stopProcessGroup, startN8nProcess, ensureOwnerAndLogin };
