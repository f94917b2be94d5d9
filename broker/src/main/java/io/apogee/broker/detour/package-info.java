/**
 * Where the broker writes a message other than where a client asked. A {@link io.apogee.broker.detour.Detour} takes
 * a single send elsewhere (the dead letters, a delay level's schedule queue, the timer topic; each kind lives with its
 * topic), and {@link io.apogee.broker.detour.Detours} tries them in order for the send processor. The building blocks
 * are shared with the send-back processor and the schedule and timer deliveries: a decoded, editable
 * {@link io.apogee.broker.detour.MessageCopy} and the {@link io.apogee.broker.detour.CopyAppend} that writes it. A send
 * that takes no detour allocates nothing here; one that takes a detour allocates freely.
 *
 * <p>Detours run on the sending thread that read their request (one set per thread); appends complete on a store
 * agent. Uses the request framework, the topic registry and the store; never a request family.
 */
package io.apogee.broker.detour;
