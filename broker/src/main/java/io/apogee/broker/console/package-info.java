/**
 * The console in the browser: static pages and JSON over plain HTTP, read from the services the admin codes use
 * (topic, group and offset tables, the client directory, the store, the runtime statistics). Every request and every
 * sample of the charts runs on the console's one thread, never on a Netty event loop; see docs/console.md.
 */
package io.apogee.broker.console;
