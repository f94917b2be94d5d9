/**
 * The embedded name server's role: routes by topic, cluster info and the topic list, answered from this broker's own
 * topic table (one process is both, so no registration travels on the wire). JSON bodies are built with Jackson, off
 * the hot path. Runs on the admin executor thread.
 */
package io.apogee.broker.namesrv;
