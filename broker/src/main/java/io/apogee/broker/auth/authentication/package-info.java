/**
 * ACL 2.0 authentication as Apache RocketMQ 5.4 does it over the remoting protocol. A client's
 * {@code AclClientRPCHook} adds {@code AccessKey}, sorts every ext field by name, concatenates the values and the
 * body, and sends {@code Signature} = Base64(HmacSHA1(secret key, those bytes)). The
 * {@link io.apogee.transport.auth.AuthenticationGate} sits in front of the router and refuses a request whose
 * signature does not match with NO_PERMISSION, before any processor sees it.
 * {@link io.apogee.broker.auth.authentication.UserAdminProcessor} answers mqadmin's user commands (codes 3001 to
 * 3005) over the users of {@link io.apogee.broker.metadata.UserTable}.
 *
 * <p>Threads: the gate runs on the I/O threads, each with its own {@link javax.crypto.Mac}s and scratch arrays; the
 * user table is concurrent; the admin processor runs on the admin family's thread.
 */
package io.apogee.broker.auth.authentication;
