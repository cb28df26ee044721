import { beforeEach, describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { cartStorageKey, cartTotal, createCartStore, formatCartTotal } from './cart-store';

const shirt = makeProduct({ id: 'shirt', price: { amount: 150000, currency: 'IDR' } });
const sarong = makeProduct({ id: 'sarong', price: { amount: 90000, currency: 'IDR' } });
const mango = makeProduct({ id: 'mango', price: { amount: 12550, currency: 'PHP' } });

describe('cart store', () => {
  beforeEach(() => localStorage.clear());

  it('adds a product once, with quantity 1 and its price', () => {
    const store = createCartStore();
    store.add(shirt);
    store.add(shirt);
    expect(store.getLines()).toEqual([
      { product_id: 'shirt', quantity: 1, price: 150000, currency: 'IDR', product: shirt },
    ]);
  });

  it('removes one line and clears the cart', () => {
    const store = createCartStore();
    store.add(shirt);
    store.add(sarong);
    store.remove('shirt');
    expect(store.getLines().map((line) => line.product_id)).toEqual(['sarong']);
    store.clear();
    expect(store.getLines()).toEqual([]);
    expect(localStorage.getItem(cartStorageKey)).toBeNull();
  });

  it('sums line prices and takes the currency of the first line', () => {
    const store = createCartStore();
    store.add(mango);
    store.add(shirt);
    const total = cartTotal(store.getLines());
    expect(total).toEqual({ amount: 162550, currency: 'PHP' });
    expect(formatCartTotal(total)).toBe('PHP 1,625.50');
  });

  it('persists under the key cart and is read back by a new store', () => {
    createCartStore().add(shirt);
    expect(JSON.parse(localStorage.getItem(cartStorageKey) ?? '[]')).toHaveLength(1);
    expect(
      createCartStore()
        .getLines()
        .map((line) => line.product_id),
    ).toEqual(['shirt']);
  });

  it('ignores stored entries that are not valid lines', () => {
    localStorage.setItem(cartStorageKey, JSON.stringify([{ product_id: 'x' }, { product: shirt }]));
    expect(
      createCartStore()
        .getLines()
        .map((line) => line.product_id),
    ).toEqual(['shirt']);
    localStorage.setItem(cartStorageKey, 'not json');
    expect(createCartStore().getLines()).toEqual([]);
  });

  it('notifies subscribers on changes made here and in another tab', () => {
    const store = createCartStore();
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
    const store = createCartStore();
    store.add(shirt);
    expect(store.getLines()).toBe(store.getLines());
  });
});
