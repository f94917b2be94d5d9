/**
 * Brokers in controller mode (RocketMQ 5's automatic failover): the broker's client of the controller, the file that
 * keeps the broker id the controller gave, and the group's state as the controller answers it. The role switch
 * itself is wired in the server package, which owns the broker's parts.
 */
package io.apogee.broker.failover;
