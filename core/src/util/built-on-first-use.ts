/**
 * An object that stands for `build()`'s and builds it the first time anything reads, writes or
 * inspects it (a property, `in`, `instanceof`, its keys). Every function imports every ElectroDB
 * entity, and each one costs its schema parsing and clause building when constructed: built at
 * import, all of them were a tenth of the API's cold start, where a request uses a few.
 *
 * Methods read through it run with the stand-in as `this`, whose reads and writes reach the built
 * object; code that holds the stand-in holds one identity before and after the build.
 */
export function builtOnFirstUse<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = () => {
    built ??= build();
    return built;
  };
  // The target is a plain object that stays empty and extensible: a proxy may only report of a
  // property what its target allows, and no built object's property is made non-configurable.
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
