/**
 * Messages the broker writes on its own behalf (delayed, retried, dead-lettered, delivered from the schedule
 * topic): a decoded, editable copy of a stored record and the append that writes it. Off the send hot path, so they
 * allocate freely.
 */
package io.apogee.broker.message;
