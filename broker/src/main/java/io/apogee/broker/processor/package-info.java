/**
 * One processor per request family: send, pull, offsets, clients (heartbeat and group membership). Each runs on
 * its family's single executor thread (so it may reuse its header objects); completions of sends run on store
 * agents and held pulls wake on the dispatcher, and both only hand work on.
 */
package io.apogee.broker.processor;
