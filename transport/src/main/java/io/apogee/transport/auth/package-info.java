/**
 * Signed requests as RocketMQ's ACL signs them ({@code AclClientRPCHook}): the bytes signed, signing the process's own
 * requests, checking a request's signature, and a gate in front of a dispatcher that refuses unsigned requests. Every
 * server of the project shares it: broker, name server and controller.
 */
package io.apogee.transport.auth;
