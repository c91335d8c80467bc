/**
 * The engine harness (harness/engine.ts) builds n8n's additional data with jest-mock-extended,
 * which calls `jest.fn()` for members it was not given. Outside jest, jest-mock's `fn` stands in.
 * Imported before the harness.
 */
import { fn } from 'jest-mock';

const scope = globalThis as unknown as { jest?: { fn: typeof fn } };
scope.jest ??= { fn };
