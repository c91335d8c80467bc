/**
 * The two API users (alice, bob) and the tokens of them and of the controls. The accounts exist in every
 * sandbox, seeded or not; their balances and payment methods are how each account starts.
 */
export type UserName = 'alice' | 'bob';

export const TOKENS = {
	alice: 'sbx_alice_4f1c9e2b7a5d3068c1e4',
	bob: 'sbx_bob_9d2e6a1f0c8b7354e2a9',
} as const;

export const CONTROL_TOKEN = 'sbx_control_7e3a5c9f1b2d4086';

/** Each account as a sandbox starts it. */
export const ACCOUNTS: Record<
	UserName,
	{ userId: number; name: string; email: string; balance: number; hasPaymentMethod: boolean }
> = {
	alice: {
		userId: 1,
		name: 'Alice Example',
		email: 'alice@example.com',
		balance: 25,
		hasPaymentMethod: true,
	},
	bob: {
		userId: 2,
		name: 'Bob Example',
		email: 'bob@example.com',
		balance: 10,
		hasPaymentMethod: false,
	},
};

export interface User {
	id: number;
	key: UserName;
	name: string;
	email: string;
	token: string;
	balance: number;
	hasPaymentMethod: boolean;
}
