// Results of finished runs, by configuration: in memory for this visit, and in IndexedDB across visits.
// Keys carry the kernels' build hash, so a new build of the kernels never serves an old result. When
// IndexedDB is unavailable (private windows, blocked storage) the cache is memory only.
/* global __KERNELS_VERSION__ */

const DB_NAME = 'residual-ln-runs';
const STORE = 'runs';
/** @type {Map<string, any>} a result as its run gave it */
const memory = new Map();
/** @type {Promise<IDBDatabase | null> | undefined} */
let database;

function openDatabase() {
  database ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return database;
}

/** Opens the stored results ahead of the first look-up (the page calls it as it starts): on a first visit,
 * creating the database is slow enough that the first figure's first run would wait for it. Never throws.
 * @type {() => void} */
export const openCache = () => void openDatabase();

/** @param {string} key */
const versionedKey = (key) => `${typeof __KERNELS_VERSION__ === 'string' ? __KERNELS_VERSION__ : 'dev'}|${key}`;

/** The stored result for key, or undefined. Never throws. @param {string} key @returns {Promise<any>} */
export async function cached(key) {
  const k = versionedKey(key);
  if (memory.has(k)) return memory.get(k);
  const db = await openDatabase();
  if (!db) return undefined;
  return new Promise((resolve) => {
    try {
      const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(k);
      request.onsuccess = () => {
        if (request.result !== undefined) memory.set(k, request.result);
        resolve(request.result);
      };
      request.onerror = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

/** Keeps a result; storage errors (quota, blocked) leave the memory copy only. @param {string} key @param {any} value */
export async function store(key, value) {
  const k = versionedKey(key);
  memory.set(k, value);
  const db = await openDatabase();
  if (!db) return;
  try {
    db.transaction(STORE, 'readwrite').objectStore(STORE).put(value, k);
  } catch {
    /* memory copy is enough */
  }
}

/** The memory copy only, synchronously: lets a revisited view fill in without waiting a frame. @param {string} key */
export const cachedNow = (key) => memory.get(versionedKey(key));
