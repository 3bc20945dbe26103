// Records keyed by model names. Names come from the DMN file, so `valueOf` or `__proto__` must
// behave like any other key: own-property checks and defined (not assigned) properties.

export const has = (r: object, key: string): boolean => Object.prototype.hasOwnProperty.call(r, key);

export function put<T>(r: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(r, key, { value, enumerable: true, writable: true, configurable: true });
}
