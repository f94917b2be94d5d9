/**
 * What operators and mqadmin ask a broker beyond sending and consuming: messages by key, unique key or offset id,
 * topic deletion, runtime, topic and consume statistics, consumer connections. Each processor runs on its family's
 * thread (queries on their own, so a slow index scan never holds up heartbeats; the rest on the admin thread).
 */
package io.apogee.broker.admin;
