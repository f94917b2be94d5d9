/**
 * The name-server side of the broker: the embedded role (routes by topic, cluster info and the topic list, answered
 * from this broker's own topic table, so no registration travels on the wire) and, with {@code namesrvAddr}, the
 * registration with separate name servers, and the KV config processor. JSON bodies are built with Jackson, off the hot path. Runs on the admin
 * executor thread and the scheduler thread.
 */
package io.apogee.broker.namesrv;
