import { beforeEach, describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import {
  cartStorageKey,
  cartTotal,
  createCartStore,
  formatCartTotal,
  type CartOwner,
} from './cart-store';

const shirt = makeProduct({ id: 'shirt', price: { amount: 150000, currency: 'IDR' } });
const sarong = makeProduct({ id: 'sarong', price: { amount: 90000, currency: 'IDR' } });
const mango = makeProduct({ id: 'mango', price: { amount: 12550, currency: 'PHP' } });

const ayu = { appId: 'demo-id', customerId: 'cus_ayu' };
let signedIn: CartOwner | null = ayu;
const newStore = () => createCartStore(localStorage, () => signedIn);

describe('cart store', () => {
  beforeEach(() => {
    localStorage.clear();
    signedIn = ayu;
  });

  it('adds a product once, with quantity 1 and its price', () => {
    const store = newStore();
    store.add(shirt);
    store.add(shirt);
    expect(store.getLines()).toEqual([
      {
        app_id: 'demo-id',
        customer_id: 'cus_ayu',
        product_id: 'shirt',
        quantity: 1,
        price: 150000,
        currency: 'IDR',
        product: shirt,
      },
    ]);
  });

  it('removes one line and clears the cart', () => {
    const store = newStore();
    store.add(shirt);
    store.add(sarong);
    store.remove('shirt');
    expect(store.getLines().map((line) => line.product_id)).toEqual(['sarong']);
    store.clear();
    expect(store.getLines()).toEqual([]);
    expect(localStorage.getItem(cartStorageKey)).toBeNull();
  });

  it('sums line prices in the currency of the first line, and never adds another currency', () => {
    const store = newStore();
    store.add(shirt);
    store.add(sarong);
    store.add(mango);
    const total = cartTotal(store.getLines());
    expect(total).toEqual({ amount: 240000, currency: 'IDR' });
    expect(formatCartTotal(total)).toBe('IDR 240.000');
  });

  it('belongs to the store signed in to: another store never sees it, and gets it back', () => {
    const store = newStore();
    store.add(shirt);
    signedIn = { appId: 'demo-ph', customerId: 'cus_ayu' };
    expect(store.getLines()).toEqual([]);
    store.add(mango);
    expect(store.getLines().map((line) => line.product_id)).toEqual(['mango']);
    store.clear();
    signedIn = null;
    expect(store.getLines()).toEqual([]);
    signedIn = ayu;
    expect(store.getLines().map((line) => line.product_id)).toEqual(['shirt']);
  });

  it('belongs to the customer signed in: the next customer on this browser never sees it', () => {
    const store = newStore();
    store.add(shirt);
    signedIn = { appId: 'demo-id', customerId: 'cus_budi' };
    expect(store.getLines()).toEqual([]);
    store.add(sarong);
    store.remove('shirt');
    expect(store.getLines().map((line) => line.product_id)).toEqual(['sarong']);
    signedIn = ayu;
    expect(store.getLines().map((line) => line.product_id)).toEqual(['shirt']);
  });

  it('drops stored lines that name no store or no customer, as older carts did', () => {
    localStorage.setItem(
      cartStorageKey,
      JSON.stringify([{ product: shirt }, { product: sarong, app_id: 'demo-id' }]),
    );
    expect(newStore().getLines()).toEqual([]);
  });

  it('persists under the key cart and is read back by a new store', () => {
    newStore().add(shirt);
    expect(JSON.parse(localStorage.getItem(cartStorageKey) ?? '[]')).toHaveLength(1);
    expect(
      newStore()
        .getLines()
        .map((line) => line.product_id),
    ).toEqual(['shirt']);
  });

  it('ignores stored entries that are not valid lines', () => {
    localStorage.setItem(
      cartStorageKey,
      JSON.stringify([
        { product_id: 'x', app_id: 'demo-id', customer_id: 'cus_ayu' },
        { product: shirt, app_id: 'demo-id', customer_id: 'cus_ayu' },
      ]),
    );
    expect(
      newStore()
        .getLines()
        .map((line) => line.product_id),
    ).toEqual(['shirt']);
    localStorage.setItem(cartStorageKey, 'not json');
    expect(newStore().getLines()).toEqual([]);
  });

  it('notifies subscribers on changes made here and in another tab', () => {
    const store = newStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.add(shirt);
    window.dispatchEvent(new StorageEvent('storage', { key: cartStorageKey }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(calls).toBe(2);
    unsubscribe();
    store.add(sarong);
    expect(calls).toBe(2);
  });

  it('returns the same lines array while storage is unchanged', () => {
    const store = newStore();
    store.add(shirt);
    expect(store.getLines()).toBe(store.getLines());
  });
});
