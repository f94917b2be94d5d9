/**
 * The client family: HEART_BEAT (group membership and subscriptions, SQL92 expressions compiled once),
 * UNREGISTER_CLIENT and GET_CONSUMER_LIST_BY_GROUP, and NOTIFY_CONSUMER_IDS_CHANGED to a group's members when it
 * changes. Runs on the admin family's thread; the tables it writes live in {@code group}.
 */
package io.apogee.broker.client;
