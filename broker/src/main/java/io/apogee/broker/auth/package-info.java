/**
 * Access control in RocketMQ's ACL 2.0 model: the settings every part reads ({@link io.apogee.broker.auth.AuthSettings}),
 * and, below it, authentication (who signed a request). The broker's server package wires them in front of the
 * request router.
 *
 * <p>Threads: the settings are immutable; see each subpackage for its own rules.
 */
package io.apogee.broker.auth;
