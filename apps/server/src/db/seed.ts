import type { Database } from './database.ts';
import { apps, products, vouchers } from './schema.ts';

interface SeedProduct {
  slug: string;
  /** The item category the provider requires on every item of a payment request. */
  category: string;
  name: string;
  description: string;
  idr: number;
  /** Minor units (centavos). */
  php: number;
  /** Sold by subscription too, in each market: the amount per cycle (minor units). */
  subscription?: {
    interval: 'DAY' | 'WEEK' | 'MONTH';
    intervalCount: number;
    idr?: number;
    php?: number;
  };
}

/** One catalogue sold in both markets at local prices; images ship in apps/server/public/images. */
const catalogue: SeedProduct[] = [
  {
    slug: 'kopi-beans',
    category: 'Food & Drink',
    name: 'Kopi Arabica Beans',
    description: 'Single-origin Gayo arabica, 250 g, medium roast with notes of cocoa and spice.',
    idr: 125_000,
    php: 45_000,
    subscription: { interval: 'MONTH', intervalCount: 1, idr: 115_000, php: 41_000 },
  },
  {
    slug: 'ceramic-mug',
    category: 'Home & Kitchen',
    name: 'Ceramic Mug',
    description: 'Hand-glazed stoneware mug, 350 ml, dishwasher safe.',
    idr: 89_000,
    php: 32_000,
  },
  {
    slug: 'canvas-tote',
    category: 'Bags',
    name: 'Canvas Tote Bag',
    description: 'Heavy cotton canvas tote with an inner pocket, carries a week of groceries.',
    idr: 149_000,
    php: 52_000,
  },
  {
    slug: 'batik-shirt',
    category: 'Clothing',
    name: 'Batik Shirt',
    description: 'Short-sleeved cotton shirt in a hand-stamped parang pattern.',
    idr: 425_000,
    php: 149_000,
  },
  {
    slug: 'rattan-basket',
    category: 'Home & Kitchen',
    name: 'Rattan Basket',
    description: 'Woven rattan storage basket with handles, 30 cm across.',
    idr: 210_000,
    php: 75_000,
  },
  {
    slug: 'teak-board',
    category: 'Home & Kitchen',
    name: 'Teak Cutting Board',
    description: 'Reclaimed teak board with a juice groove, oiled and ready to use.',
    idr: 275_000,
    php: 99_000,
  },
  {
    slug: 'dot-notebook',
    category: 'Stationery',
    name: 'Dot Grid Notebook',
    description: 'A5 notebook, 160 pages of 100 gsm paper that takes fountain-pen ink.',
    idr: 65_000,
    php: 24_500,
    subscription: { interval: 'WEEK', intervalCount: 2, php: 22_000 },
  },
  {
    slug: 'steel-bottle',
    category: 'Home & Kitchen',
    name: 'Steel Water Bottle',
    description: 'Double-walled bottle that keeps drinks cold for 24 hours, 750 ml.',
    idr: 189_000,
    php: 68_000,
  },
  {
    slug: 'trail-sneakers',
    category: 'Footwear',
    name: 'Trail Sneakers',
    description: 'Light trail shoes with a grippy outsole for wet paths.',
    idr: 899_000,
    php: 325_000,
  },
  {
    slug: 'sunglasses',
    category: 'Accessories',
    name: 'Polarised Sunglasses',
    description: 'UV400 polarised lenses in a recycled acetate frame.',
    idr: 349_000,
    php: 125_000,
  },
  {
    slug: 'headphones',
    category: 'Electronics',
    name: 'Wireless Headphones',
    description: 'Over-ear headphones with 40 hours of battery and a folding frame.',
    idr: 1_299_000,
    php: 469_000,
  },
  {
    slug: 'desk-lamp',
    category: 'Electronics',
    name: 'Desk Lamp',
    description: 'Dimmable LED lamp with a warm-to-cool colour slider and a USB port.',
    idr: 459_000,
    php: 165_000,
  },
];

/**
 * The catalogue's prices in the markets added after Indonesia and the Philippines, in each
 * currency's minor unit: sen, satang and cents; VND has none, so whole dong. Each price sits inside
 * the limits of every channel of its market (GrabPay Malaysia takes at most MYR 1,500; Thai mobile
 * banking at least THB 20).
 */
const marketPrices: Record<string, { myr: number; thb: number; vnd: number; sgd: number }> = {
  'kopi-beans': { myr: 3_590, thb: 28_500, vnd: 189_000, sgd: 1_190 },
  'ceramic-mug': { myr: 2_490, thb: 19_900, vnd: 135_000, sgd: 890 },
  'canvas-tote': { myr: 3_990, thb: 32_900, vnd: 229_000, sgd: 1_490 },
  'batik-shirt': { myr: 11_900, thb: 95_000, vnd: 649_000, sgd: 4_290 },
  'rattan-basket': { myr: 5_990, thb: 46_900, vnd: 319_000, sgd: 2_190 },
  'teak-board': { myr: 7_890, thb: 61_900, vnd: 419_000, sgd: 2_890 },
  'dot-notebook': { myr: 1_890, thb: 14_900, vnd: 99_000, sgd: 690 },
  'steel-bottle': { myr: 5_490, thb: 42_900, vnd: 289_000, sgd: 1_990 },
  'trail-sneakers': { myr: 45_900, thb: 199_000, vnd: 1_369_000, sgd: 9_490 },
  sunglasses: { myr: 9_990, thb: 77_900, vnd: 529_000, sgd: 3_590 },
  headphones: { myr: 59_900, thb: 289_000, vnd: 1_979_000, sgd: 13_490 },
  'desk-lamp': { myr: 12_990, thb: 102_000, vnd: 699_000, sgd: 4_790 },
};

function marketPriceOf(slug: string, market: 'myr' | 'thb' | 'vnd' | 'sgd'): number {
  const price = marketPrices[slug]?.[market];
  if (price === undefined) throw new Error(`No ${market} price for ${slug} in marketPrices`);
  return price;
}

/** The market apps: each sells the catalogue at its market's prices (marketPrices). */
const marketApps = [
  {
    id: 'demo-my',
    prefix: 'my',
    name: 'Demo Store Malaysia',
    country: 'MY',
    currency: 'MYR',
    price: 'myr',
  },
  {
    id: 'demo-th',
    prefix: 'th',
    name: 'Demo Store Thailand',
    country: 'TH',
    currency: 'THB',
    price: 'thb',
  },
  {
    id: 'demo-vn',
    prefix: 'vn',
    name: 'Demo Store Vietnam',
    country: 'VN',
    currency: 'VND',
    price: 'vnd',
  },
  {
    id: 'demo-sg',
    prefix: 'sg',
    name: 'Demo Store Singapore',
    country: 'SG',
    currency: 'SGD',
    price: 'sgd',
  },
  // Live mode outside the Philippines: no Simulate, no vouchers, live keys and callback token.
  {
    id: 'demo-sg-live',
    prefix: 'sgl',
    name: 'Demo Store Singapore (live)',
    country: 'SG',
    currency: 'SGD',
    price: 'sgd',
  },
] as const;

/**
 * Products priced at the provider's test-mode amounts, so a development app can show every outcome
 * from the browser (see the README's table of test values).
 */
const sandboxProducts = [
  {
    slug: 'sandbox-insufficient-balance',
    name: 'Sandbox: Insufficient Balance',
    description:
      'Priced at the test amount 10054: the provider declines the payment with INSUFFICIENT_BALANCE.',
    idr: 10_054,
  },
  {
    slug: 'sandbox-declined-later',
    name: 'Sandbox: Declined Later',
    description:
      'Priced at the test amount 20105: an e-wallet payment is accepted, then fails by webhook with USER_DECLINED_PAYMENT.',
    idr: 20_105,
  },
  {
    slug: 'sandbox-channel-unavailable',
    name: 'Sandbox: Channel Unavailable',
    description: 'Priced at the test amount 10101: e-wallets answer 503 CHANNEL_UNAVAILABLE.',
    idr: 10_101,
  },
  {
    slug: 'sandbox-subscription-declined',
    name: 'Sandbox: Subscription Declined',
    description:
      'A monthly subscription of the test amount 21110: every cycle is declined with INSUFFICIENT_BALANCE, retried, and the plan ends.',
    idr: 21_110,
    subscription: { interval: 'MONTH' as const, intervalCount: 1 },
  },
  {
    slug: 'sandbox-daily-subscription',
    name: 'Sandbox: Daily Subscription',
    description:
      'A daily subscription of the test amount 13579: every cycle succeeds (Run next cycle now charges the next one at once).',
    idr: 13_579,
    subscription: { interval: 'DAY' as const, intervalCount: 1 },
  },
];

/** A product's subscription columns in one market: all set, or none. */
function subscriptionColumns(terms: SeedProduct['subscription'], amount: number | undefined) {
  if (!terms || amount === undefined) return {};
  return {
    subscriptionInterval: terms.interval,
    subscriptionIntervalCount: terms.intervalCount,
    subscriptionAmount: amount,
  };
}

export const demoApps = [
  {
    id: 'demo-id',
    name: 'Demo Store Indonesia',
    mode: 'development',
    country: 'ID',
    currency: 'IDR',
  },
  { id: 'demo-ph', name: 'Demo Store Philippines', mode: 'live', country: 'PH', currency: 'PHP' },
  ...marketApps.map(({ id, name, country, currency }) => ({
    id,
    name,
    mode: id.endsWith('-live') ? ('live' as const) : ('development' as const),
    country,
    currency,
  })),
] as const;

/** Adds the demo apps, catalogues and vouchers where they are missing; edits are kept. */
export async function seedDatabase(db: Database): Promise<void> {
  await db
    .insert(apps)
    .values([...demoApps])
    .onConflictDoNothing();
  const rows = [
    ...catalogue.map((p, position) => ({
      id: `id-${p.slug}`,
      appId: 'demo-id',
      name: p.name,
      description: p.description,
      category: p.category,
      imagePath: `/images/products/${p.slug}.svg`,
      priceAmount: p.idr,
      currency: 'IDR',
      position,
      ...subscriptionColumns(p.subscription, p.subscription?.idr),
    })),
    ...sandboxProducts.map((p, index) => ({
      id: `id-${p.slug}`,
      appId: 'demo-id',
      name: p.name,
      description: p.description,
      category: 'Sandbox',
      imagePath: '/images/products/sandbox.svg',
      priceAmount: p.idr,
      currency: 'IDR',
      position: catalogue.length + index,
      ...('subscription' in p ? subscriptionColumns(p.subscription, p.idr) : {}),
    })),
    ...catalogue.map((p, position) => ({
      id: `ph-${p.slug}`,
      appId: 'demo-ph',
      name: p.name,
      description: p.description,
      category: p.category,
      imagePath: `/images/products/${p.slug}.svg`,
      priceAmount: p.php,
      currency: 'PHP',
      position,
      ...subscriptionColumns(p.subscription, p.subscription?.php),
    })),
    ...marketApps.flatMap((app) =>
      catalogue.map((p, position) => ({
        id: `${app.prefix}-${p.slug}`,
        appId: app.id,
        name: p.name,
        description: p.description,
        category: p.category,
        imagePath: `/images/products/${p.slug}.svg`,
        priceAmount: marketPriceOf(p.slug, app.price),
        currency: app.currency,
        position,
      })),
    ),
  ];
  await db.insert(products).values(rows).onConflictDoNothing();
  await db
    .insert(vouchers)
    .values([
      {
        id: 'vch-id-hemat10',
        appId: 'demo-id',
        code: 'HEMAT10',
        description: 'IDR 10.000 off any order',
        paymentMethodType: null,
        fixedAmount: 10_000,
      },
      {
        id: 'vch-id-ovo25',
        appId: 'demo-id',
        code: 'OVO25',
        description: 'IDR 25.000 off when you pay with OVO',
        paymentMethodType: 'OVO',
        fixedAmount: 25_000,
      },
      {
        id: 'vch-ph-save50',
        appId: 'demo-ph',
        code: 'SAVE50',
        description: 'PHP 50 off any order',
        paymentMethodType: null,
        fixedAmount: 5_000,
        // demo-ph is live, and the specification offers voucher entry in development mode only:
        // kept, inactive, as another app's voucher that a demo-id payment must not use.
        active: 0,
      },
    ])
    .onConflictDoNothing();
}
