package io.apogee.broker.auth.authorization;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * RocketMQ's ACL JSON ({@code AclInfo}) to the model and back. The admin codes take and give it as bodies, and the
 * ACL file holds a list of it:
 *
 * <pre>
 * {"subject":"User:alice",
 *  "policies":[{"policyType":"Custom",
 *               "entries":[{"resource":"Topic:orders","actions":["Pub","Sub"],
 *                           "sourceIps":["10.0.0.0/8"],"decision":"Allow"}]}]}
 * </pre>
 *
 * <p>Reading checks what RocketMQ's {@code AuthorizationMetadataManagerImpl.validate} checks, with its messages. An
 * unknown action name is skipped, and a policy without a type is CUSTOM, as there. A policy's entries are kept as
 * listed, several for one resource included, as RocketMQ stores a new ACL; policies of the same type are merged as an
 * update merges them ({@link Policy#updatedWith}).
 *
 * <p>Stateless; safe for any thread.
 */
public final class AclJson {
    static final String SUBJECT = "subject";
    static final String POLICIES = "policies";
    static final String POLICY_TYPE = "policyType";
    static final String ENTRIES = "entries";
    static final String RESOURCE = "resource";
    static final String ACTIONS = "actions";
    static final String SOURCE_IPS = "sourceIps";
    static final String DECISION = "decision";

    private AclJson() {
    }

    /**
     * The ACL of an {@code AclInfo} body; its subject is {@code fallbackSubject} (the request header's) when the body
     * names none.
     *
     * @throws AclRejected when the body breaks one of RocketMQ's rules, with RocketMQ's message
     */
    public static Acl read(JsonNode body, String fallbackSubject) {
        if (body == null || !body.isObject() || !body.path(POLICIES).isArray() || body.path(POLICIES).isEmpty()) {
            throw new AclRejected("The body of acl is null");
        }
        String subject = text(body, SUBJECT);
        if (Acl.userOf(subject) == null) {
            subject = fallbackSubject;
        }
        String user = Acl.userOf(subject);
        if (user == null) {
            throw new AclRejected("The subject type is null.");
        }
        Acl acl = new Acl(Acl.USER_PREFIX + user, List.of());
        for (JsonNode policy : body.path(POLICIES)) {
            List<PolicyEntry> entries = new ArrayList<>();
            for (JsonNode entry : policy.path(ENTRIES)) {
                entries.add(entry(entry));
            }
            if (entries.isEmpty()) {
                continue;
            }
            PolicyType type = PolicyType.byName(text(policy, POLICY_TYPE));
            Policy read = new Policy(type == null ? PolicyType.CUSTOM : type, entries);
            acl = acl.updatedWith(List.of(read));
        }
        if (acl.policies().isEmpty()) {
            throw new AclRejected("The policies is empty.");
        }
        return acl;
    }

    private static PolicyEntry entry(JsonNode node) {
        Resource resource = Resource.parse(text(node, RESOURCE));
        if (resource == null) {
            throw new AclRejected("The resource is null.");
        }
        List<Action> actions = new ArrayList<>();
        for (JsonNode name : node.path(ACTIONS)) {
            Action action = Action.byName(name.asText());
            if (action != null) {
                actions.add(action);
            }
        }
        if (actions.isEmpty()) {
            throw new AclRejected("The actions is empty.");
        }
        if (actions.contains(Action.ANY)) {
            throw new AclRejected("The actions can not be Any.");
        }
        List<String> sourceIps = new ArrayList<>();
        for (JsonNode ip : node.path(SOURCE_IPS)) {
            String text = ip.isNull() ? null : ip.asText();
            if (text == null || text.isBlank()) {
                throw new AclRejected("The source ip is empty.");
            }
            if (!SourceIps.isValid(text)) {
                throw new AclRejected("The source ip is invalid.");
            }
            sourceIps.add(text);
        }
        Decision decision = Decision.byName(text(node, DECISION));
        if (decision == null) {
            throw new AclRejected("The decision is null or illegal.");
        }
        return new PolicyEntry(resource, actions, new SourceIps(sourceIps), decision);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    /** The {@code AclInfo} of {@code acl}, as RocketMQ's AclConverter writes it (no {@code sourceIps} when empty). */
    public static ObjectNode write(Acl acl) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put(SUBJECT, acl.subject());
        ArrayNode policies = root.putArray(POLICIES);
        for (Policy policy : acl.policies()) {
            ObjectNode policyNode = policies.addObject();
            policyNode.put(POLICY_TYPE, policy.type().rocketMqName());
            ArrayNode entries = policyNode.putArray(ENTRIES);
            for (PolicyEntry entry : policy.entries()) {
                ObjectNode entryNode = entries.addObject();
                entryNode.put(RESOURCE, entry.resource().key());
                ArrayNode actions = entryNode.putArray(ACTIONS);
                entry.actions().forEach(action -> actions.add(action.rocketMqName()));
                if (!entry.sourceIps().entries().isEmpty()) {
                    ArrayNode ips = entryNode.putArray(SOURCE_IPS);
                    entry.sourceIps().entries().forEach(ips::add);
                }
                entryNode.put(DECISION, entry.decision().rocketMqName());
            }
        }
        return root;
    }
}
