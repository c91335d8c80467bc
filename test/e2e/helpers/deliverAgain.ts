/**
 * What the service does with a post-call delivery it did not see answered: it sends the same payload to
 * the same URL again. The trigger must start no second execution for it.
 */
export async function deliverAgain(delivery: { url: string; payload: unknown }): Promise<number> {
	const again = await fetch(delivery.url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(delivery.payload),
	});
	return again.status;
}
