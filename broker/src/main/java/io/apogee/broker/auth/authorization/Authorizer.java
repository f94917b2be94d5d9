package io.apogee.broker.auth.authorization;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Decides whether a request may go on, as RocketMQ's default authorization provider does: a code of the whitelist
 * passes; a request without an access key is refused; a super user passes; a user that does not exist is refused;
 * anyone else needs, for each resource the request code needs ({@link RequestAccess}), a matching entry of its ACL
 * that allows ({@link AclMatcher}). No ACL, or no matching entry, is a refusal.
 *
 * <p>Decisions are kept in a {@link DecisionCache} dropped whenever an ACL changes (and by {@link #invalidate()} when
 * users change): a request checked before costs a few map look-ups and allocates nothing. Refusals are worked out
 * again to give RocketMQ's remark.
 *
 * <p>Thread-safe: any thread that reads requests may check them.
 */
public final class Authorizer {
    /** The ext field of the access key, the user name a signed request carries (RocketMQ's SessionCredentials). */
    public static final String ACCESS_KEY = "AccessKey";
    /** The cache bound: resources per generation. */
    static final int CACHED_RESOURCES = 100_000;
    private static final int MAX_NAME_BYTES = 255;
    private static final int INTERNED_USERS = 1024;
    private static final String NO_SOURCE = "";
    private static final Need NEED = new Need();

    private final AuthorizationSettings settings;
    /** The whitelist as bits, so that a look-up boxes no code. */
    private final BitSet whitelist = new BitSet();
    private final AclStore acls;
    private final UserDirectory users;
    private final RequestAccess access;
    private final DecisionCache cache = new DecisionCache(CACHED_RESOURCES);
    private final InternTable userNames = new InternTable(INTERNED_USERS, MAX_NAME_BYTES);
    private final ThreadLocal<Refusal> refusals = ThreadLocal.withInitial(() -> new Refusal(this));
    private final List<Runnable> changeListeners = new CopyOnWriteArrayList<>();

    /** Checks with {@code settings} against {@code acls} and {@code users}, for a broker of {@code clusterName}. */
    public Authorizer(AuthorizationSettings settings, AclStore acls, UserDirectory users, String clusterName) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.acls = Objects.requireNonNull(acls, "acls");
        this.users = Objects.requireNonNull(users, "users");
        this.access = new RequestAccess(clusterName);
        settings.whitelist().forEach(code -> {
            if (code >= 0) {
                whitelist.set(code);
            }
        });
        acls.onChange(this::invalidate);
    }

    /** Whether requests are checked at all. */
    public boolean enabled() {
        return settings.enabled();
    }

    /**
     * Drops every cached decision and tells the listeners of {@link #onChange}: to be called when a user is created,
     * changed or deleted. An ACL change calls it too.
     */
    public void invalidate() {
        cache.clear();
        changeListeners.forEach(Runnable::run);
    }

    /**
     * Calls {@code listener} after every change of an ACL or a user, on the thread that made it, once the decisions
     * before it are dropped. It must be quick: it delays the change's answer.
     */
    public void onChange(Runnable listener) {
        changeListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Checks {@code request} (with its {@code body}, read for heartbeats and queue locks) from {@code sourceIp}.
     * Returns null when it may go on, else the remark of its NO_PERMISSION answer. Allocates nothing when it may go
     * on and the decision is cached.
     *
     * @throws IllegalArgumentException when a body that names the resources is not JSON
     */
    public String check(RemotingHeader request, ByteBuf body, String sourceIp) {
        if (!settings.enabled() || request.code() >= 0 && whitelist.get(request.code())) {
            return null;
        }
        ExtFields ext = request.ext();
        int key = ext.indexOf(ACCESS_KEY);
        String user = key < 0 ? null : ext.valueInterned(key, userNames);
        Refusal refusal = refusals.get();
        refusal.user = user;
        refusal.sourceIp = sourceIp == null ? NO_SOURCE : sourceIp;
        try {
            if (access.forEach(request, body, NEED, refusal)) {
                return null;
            }
            return denial(user, refusal.sourceIp, refusal.type, refusal.name, refusal.actions);
        } finally {
            refusal.clear();
        }
    }

    /** Whether {@code user} from {@code sourceIp} may do {@code actions} on the resource; cached. */
    public boolean allows(String user, String sourceIp, ResourceType type, String name, Actions actions) {
        if (user == null || name == null) {
            return decide(user, sourceIp, type, name, actions) == null;
        }
        DecisionCache.Generation generation = cache.current();
        int cached = generation.get(user, sourceIp, type, name, actions);
        if (cached != DecisionCache.UNKNOWN) {
            return cached == DecisionCache.ALLOWED;
        }
        boolean allowed = decide(user, sourceIp, type, name, actions) == null;
        generation.put(user, sourceIp, type, name, actions, allowed);
        return allowed;
    }

    /** The remark of a refusal of {@code actions} on the resource, or null when they are allowed. */
    public String denial(String user, String sourceIp, ResourceType type, String name, Actions actions) {
        return decide(user, sourceIp, type, name, actions);
    }

    /** Null when allowed, else RocketMQ's message. Reads the ACLs after the caller read the cache's generation. */
    private String decide(String user, String sourceIp, ResourceType type, String name, Actions actions) {
        if (user == null) {
            return "Authorization failed. Please verify your access rights and try again.";
        }
        UserDirectory.UserKind kind = users.kind(user);
        if (kind == null) {
            return "User:" + user + " not found.";
        }
        if (kind == UserDirectory.UserKind.SUPER) {
            return null;
        }
        String subject = Acl.USER_PREFIX + user;
        Acl acl = acls.get(subject);
        Decision decision = acl == null ? null : AclMatcher.decide(acl, type, name, actions, sourceIp);
        if (decision == Decision.ALLOW) {
            return null;
        }
        String resource = new Resource(type, name, ResourcePattern.LITERAL).key();
        return subject + " has no permission to access " + resource + " from " + sourceIp + ", "
            + (decision == null ? "no matched policies." : "the decision is deny.");
    }

    /** The check in progress on one thread and what it refused, kept so that a check allocates nothing. */
    private static final class Refusal {
        private final Authorizer authorizer;
        private String user;
        private String sourceIp;
        private ResourceType type;
        private String name;
        private Actions actions;

        Refusal(Authorizer authorizer) {
            this.authorizer = authorizer;
        }

        void clear() {
            user = null;
            sourceIp = null;
            type = null;
            name = null;
            actions = null;
        }
    }

    /** Asks the authorizer of the check in progress; a refusal is noted for the remark. */
    private static final class Need implements RequestAccess.Need<Refusal> {
        @Override
        public boolean need(Refusal check, ResourceType type, String name, Actions actions) {
            if (check.authorizer.allows(check.user, check.sourceIp, type, name, actions)) {
                return true;
            }
            check.type = type;
            check.name = name;
            check.actions = actions;
            return false;
        }
    }
}
