/**
 * ACL 2.0 authorization as Apache RocketMQ 5.4.0 defines it: the policy model ({@link
 * io.apogee.broker.auth.authorization.Acl}), the matcher that picks one policy entry for a request ({@link
 * io.apogee.broker.auth.authorization.AclMatcher}), the durable ACL store in the broker's metadata directory ({@link
 * io.apogee.broker.auth.authorization.AclStore}), the resources and actions each request code needs ({@link
 * io.apogee.broker.auth.authorization.RequestAccess}), the cached check of the request path ({@link
 * io.apogee.broker.auth.authorization.Authorizer}) and the admin codes 3006 to 3010 ({@link
 * io.apogee.broker.auth.authorization.AclAdminProcessor}).
 *
 * <p>The model is immutable and safe for any thread. The store is changed on the admin thread and read by any
 * thread; the authorizer runs on whichever thread reads a request.
 */
package io.apogee.broker.auth.authorization;
