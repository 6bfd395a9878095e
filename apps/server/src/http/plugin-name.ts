/**
 * Names a plugin before Fastify registers it. Fastify names an unnamed plugin (for its plugin tree and its
 * errors) by looking for the function among the exports of every loaded module (`require.cache`, thousands
 * of entries once the OCR and face engines are loaded), once per registration: with ~60 route plugins
 * that scan was the largest single cost of building the app, paid by every integration test's app. A
 * plugin carrying Fastify's display-name symbol (as fastify-plugin sets it) is named at once, and shows
under its name in the plugin tree (`app.printPlugins()`), not as a copy of its source.
 */
import type { FastifyPluginAsync } from 'fastify';

const DISPLAY_NAME = Symbol.for('fastify.display-name');

export function named<Plugin extends object>(name: string, plugin: Plugin): Plugin {
  (plugin as Record<symbol, unknown>)[DISPLAY_NAME] = name;
  // avvio (Fastify's loader) names its plugin tree by the function's own name, else by its source text.
  Object.defineProperty(plugin, 'name', { value: name, configurable: true });
  return plugin;
}

/** The routes a factory makes, named after the factory (`routesOf(sessionRoutes, services)`). */
export function routesOf<Services>(
  factory: (services: Services) => FastifyPluginAsync,
  services: Services,
): FastifyPluginAsync {
  return named(factory.name, factory(services));
}
