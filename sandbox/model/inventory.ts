/** The phone numbers for sale per supported country (generated the same way in every sandbox). */
import { SUPPORTED_COUNTRIES } from './catalogues';
import { prng } from './ids';

export interface InventoryNumber {
	phone_number: string;
	phone_number_formatted: string;
	country_code: string;
	price: number;
	stripe_price_id: string;
	address_requirements: string;
	sms_capable: boolean;
	region: string;
}

const COUNTRY_PLAN: Record<
	string,
	{ prefixes: string[]; tail: number; price: number; sms: boolean; region: string; address: string }
> = {
	DE: {
		prefixes: ['4930', '4940', '4989', '49221'],
		tail: 7,
		price: 3.99,
		sms: false,
		region: 'eu1',
		address: 'local',
	},
	US: {
		prefixes: ['1415', '1212', '1305', '1512'],
		tail: 7,
		price: 1.99,
		sms: true,
		region: 'us1',
		address: 'none',
	},
	CA: {
		prefixes: ['1416', '1604', '1514'],
		tail: 7,
		price: 1.99,
		sms: true,
		region: 'us1',
		address: 'none',
	},
	GB: {
		prefixes: ['4420', '44161', '44131'],
		tail: 7,
		price: 2.99,
		sms: true,
		region: 'eu1',
		address: 'none',
	},
	AU: {
		prefixes: ['612', '613', '617'],
		tail: 8,
		price: 5.99,
		sms: true,
		region: 'au1',
		address: 'local',
	},
	IL: {
		prefixes: ['9722', '9723'],
		tail: 7,
		price: 6.99,
		sms: false,
		region: 'eu1',
		address: 'local',
	},
	PL: {
		prefixes: ['4822', '4812'],
		tail: 7,
		price: 3.49,
		sms: false,
		region: 'eu1',
		address: 'none',
	},
	FI: { prefixes: ['3589'], tail: 7, price: 4.49, sms: false, region: 'eu1', address: 'none' },
	NL: {
		prefixes: ['3120', '3110'],
		tail: 7,
		price: 3.99,
		sms: false,
		region: 'eu1',
		address: 'local',
	},
	DK: {
		prefixes: ['4532', '4570'],
		tail: 6,
		price: 4.99,
		sms: false,
		region: 'eu1',
		address: 'none',
	},
	IT: {
		prefixes: ['3902', '3906'],
		tail: 7,
		price: 3.99,
		sms: false,
		region: 'eu1',
		address: 'local',
	},
};

export const INVENTORY_PER_COUNTRY = 200;

function formatNumber(cc: string, digits: string, prefix: string): string {
	const country = cc === 'US' || cc === 'CA' ? '1' : prefix.slice(0, 2);
	const rest = digits.slice(country.length);
	if (country === '1') return `+1 ${rest.slice(0, 3)}-${rest.slice(3, 6)}-${rest.slice(6)}`;
	return `+${country} ${rest.slice(0, prefix.length - country.length)} ${rest.slice(prefix.length - country.length)}`;
}

export function generateInventory(): Map<string, InventoryNumber> {
	const inv = new Map<string, InventoryNumber>();
	SUPPORTED_COUNTRIES.forEach((cc, ci) => {
		const plan = COUNTRY_PLAN[cc];
		const rnd = prng(1000 + ci);
		let made = 0;
		while (made < INVENTORY_PER_COUNTRY) {
			const prefix = plan.prefixes[made % plan.prefixes.length];
			let tail = '';
			for (let i = 0; i < plan.tail; i++) tail += String(Math.floor(rnd() * 10));
			const digits = prefix + tail;
			const phone = `+${digits}`;
			if (inv.has(phone)) continue;
			inv.set(phone, {
				phone_number: phone,
				phone_number_formatted: formatNumber(cc, digits, prefix),
				country_code: cc,
				price: plan.price,
				stripe_price_id: `price_sbx_${cc.toLowerCase()}_monthly`,
				address_requirements: plan.address,
				sms_capable: plan.sms,
				region: plan.region,
			});
			made++;
		}
	});
	return inv;
}
