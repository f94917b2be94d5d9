/**
 * The broker's topics: the persisted topic table seen through the rules of RocketMQ's topic manager (TBW102, creation
 * on first send from a template, retry topics per group), and the topic admin processor (UPDATE_AND_CREATE_TOPIC,
 * GET_ALL_TOPIC_CONFIG). Thread-safe; used by the send, pull and route processors.
 */
package io.apogee.broker.topic;
